import CCurl

/// libcurl, loaded into the process when the first request starts rather than at exec (its
/// thirty dependent libraries cost start-up time and memory that the first frame should not
/// pay). See `docs/ARCHITECTURE.md`, "libcurl at run time".
public enum CurlLibrary {
    /// Loads libcurl once; nil when it is usable, otherwise the reason as an error every
    /// request then fails with (the `.deb` depends on libcurl4, so this means a broken install).
    static func load() -> ClientError? {
        var reason = [CChar](repeating: 0, count: 512)
        if vc_curl_load(&reason, reason.count) != 0 { return nil }
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ClientError.transport(.connect, message: "libcurl could not be loaded: \(text)",
                                     cause: .libcurlMissing)
    }

    /// Begins loading libcurl on a thread of its own, for a command that will make requests:
    /// the loader's work (about thirty libraries to map and relocate, and OpenSSL's set-up) then
    /// overlaps the command's reading of its files and the rest of its start-up instead of following
    /// them. Not for the full-screen app, whose first frame comes before any library loading
    /// (the parsed command decides: `VerbumCommand.sendsRequests`).
    public static func preload() {
        vc_curl_preload()
    }

    /// Before the process ends: no thread is left inside libcurl or OpenSSL when exit's handlers
    /// tear them down (OpenSSL's own cleanup among them). A preload that has begun is finished
    /// (`vc_curl_settle`), and the shared engine's thread is stopped: its transfers in flight end
    /// as cancelled, after the libcurl call it is in (a TLS handshake's step) has returned.
    public static func settle() {
        vc_curl_settle()
        CurlEngine.shared.shutdown()
    }
}
