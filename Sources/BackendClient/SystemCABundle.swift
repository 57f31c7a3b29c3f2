import CCurl
import Glibc

/// The file behind "the system store" (`CABundle.system`): libcurl's built-in CA bundle
/// (Debian: /etc/ssl/certs/ca-certificates.crt).
///
/// Why the transport names it instead of leaving libcurl its defaults: Debian's libcurl also has
/// a built-in CA directory (/etc/ssl/certs), and while a CA directory is set libcurl keeps no CA
/// store between connections, so every new connection parsed the whole system bundle again
/// (about 140 certificates, 20–45 ms of CPU). With the file named and no directory, the store is
/// parsed once per multi handle and cached (`CURLOPT_CA_CACHE_TIMEOUT`), exactly as for a named
/// bundle (docs/PRODUCT.md: Transport rules).
enum SystemCABundle {
    /// The bundle file to name for the system store; nil when libcurl has no usable one built
    /// in, and then libcurl's own defaults (its CA directory included) stay in force.
    /// Read once, on first use, with libcurl loaded.
    static let file: String? = usableFile(libcurlDefault())

    /// libcurl's built-in `CURLOPT_CAINFO` (`CURLINFO_CAINFO`); nil when libcurl cannot be
    /// loaded or has none.
    static func libcurlDefault() -> String? {
        guard CurlLibrary.load() == nil, let easy = vc_easy_init() else { return nil }
        defer { vc_easy_cleanup(easy) }
        var path: UnsafeMutablePointer<CChar>?
        guard vc_easy_getinfo_string(easy, CURLINFO_CAINFO, &path) == CURLE_OK, let path else { return nil }
        return String(cString: path)
    }

    /// `path` when it names a regular file that can be read. A libcurl whose built-in bundle
    /// is missing on this machine may still verify through its CA directory: dropping that
    /// directory would then leave no certificate authority at all, so it is kept.
    static func usableFile(_ path: String?) -> String? {
        guard let path, !path.isEmpty else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else { return nil }
        return path
    }
}
