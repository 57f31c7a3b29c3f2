import Glibc

/// Whether a named CA bundle can be read, checked the way libcurl will open it (links
/// followed), before libcurl does: a missing file, one without permission, a folder or a
/// FIFO is named with its reason instead of failing as a general TLS error (or blocking).
enum CABundleReadability {
    /// nil when the file opens for reading and is a regular file; else the reason, in English
    /// (technical detail: the catalogs word the error, this fills its `{reason}`).
    static func problem(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return String(cString: strerror(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return String(cString: strerror(EISDIR))
        default: return "not a regular file"
        }
    }
}
