import Glibc

/// Opens and reads only regular files. Every file the app reads goes through here, so a
/// FIFO, a device, a socket or a directory put in place of one is reported at once and never
/// blocks: the descriptor is opened non-blocking (a FIFO without a writer opens at once) and
/// checked with `fstat` before a single byte is read.
public enum RegularFile {
    /// What a read found: the bytes and the identity of the file they came from.
    public struct Contents: Equatable, Sendable {
        public var bytes: [UInt8]
        public var identity: FileIdentity
    }

    /// Opens `path` with `flags` plus `O_NONBLOCK` and `O_CLOEXEC` (and `O_NOFOLLOW` unless
    /// `followLinks`), then requires a regular file. nil when the file does not exist. Waits
    /// (bounded, `LeaseWait`) while a lease holder keeps it from being opened.
    public static func open(_ path: String, flags: Int32, mode: mode_t = AtomicFile.fileMode,
                            followLinks: Bool = true) throws -> (fd: Int32, identity: FileIdentity)? {
        var all = flags | O_NONBLOCK | O_CLOEXEC
        if !followLinks { all |= O_NOFOLLOW }
        // A regular file refuses a non-blocking open only while someone holds a lease on it
        // (the app's own `NewFileLease` while it puts a new file in place): asked again.
        let opened = LeaseWait.until { () -> Int32? in
            let fd = Glibc.open(path, all, mode)
            return fd < 0 && errno == EWOULDBLOCK ? nil : fd
        }
        let fd = opened ?? -1
        if fd < 0 {
            switch errno {
            case ENOENT, ENOTDIR: return nil
            // A link where none may be (O_NOFOLLOW), a directory opened for writing, a FIFO
            // without a reader opened for writing: all "not a regular file".
            case ELOOP, EISDIR, ENXIO: throw PersistenceError.notRegularFile(path: path)
            default: throw PersistenceError.fromErrno("open", path)
            }
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = PersistenceError.fromErrno("fstat", path)
            close(fd)
            throw error
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw PersistenceError.notRegularFile(path: path)
        }
        return (fd, FileIdentity(st))
    }

    /// The whole file, or nil when it does not exist. Reads at most `limit` + 1 bytes so a
    /// caller can tell an oversized file from a full one without loading gigabytes.
    public static func read(_ path: String, limit: Int = 4 << 20, followLinks: Bool = true) throws -> Contents? {
        guard let (fd, identity) = try open(path, flags: O_RDONLY, followLinks: followLinks) else { return nil }
        defer { close(fd) }
        return Contents(bytes: try readAll(fd, limit: limit, path: path), identity: identity)
    }

    /// Everything from the start of the open regular file `fd`, at most `limit` + 1 bytes.
    static func readAll(_ fd: Int32, limit: Int, path: String) throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while result.count <= limit {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(result.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PersistenceError.fromErrno("read", path)
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }
}
