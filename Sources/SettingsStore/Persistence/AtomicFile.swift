import Glibc

/// Reads and atomically replaces small files (SPEC §8): a reader sees the old bytes or the
/// new bytes, never a mix, even across a crash or power loss.
public enum AtomicFile {
    public static let fileMode: mode_t = 0o600
    public static let directoryMode: mode_t = 0o700

    /// The whole file, or nil when it does not exist. Reads at most `limit` + 1 bytes so a
    /// caller can tell an oversized file from a full one without loading gigabytes.
    public static func read(_ path: String, limit: Int = 4 << 20) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw PersistenceError.fromErrno("open", path)
        }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while result.count <= limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PersistenceError.fromErrno("read", path)
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// Writes `bytes` to a new temporary file in the same directory (mode 0600), fsyncs it,
    /// renames it over `path` and fsyncs the directory so the rename itself is durable.
    /// A symbolic link (dotfiles kept in a repository) is followed, so the link survives and
    /// its target gets the new content.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let (directory, name) = PathText.split(symlinkTarget(path) ?? path)
        try ensureDirectory(directory)
        var fd: Int32 = -1
        var temporary = ""
        for _ in 0..<100 {
            temporary = directory + "/." + name + ".tmp-" + String(getpid()) + "-"
                + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw PersistenceError.fromErrno("create", temporary) }
        var renamed = false
        defer {
            if fd >= 0 { close(fd) }
            if !renamed { unlink(temporary) }
        }
        // The umask may have removed bits we want, or (oddly set) left some we don't.
        guard fchmod(fd, fileMode) == 0 else { throw PersistenceError.fromErrno("chmod", temporary) }
        try writeAll(fd, bytes, path: temporary)
        guard fsync(fd) == 0 else { throw PersistenceError.fromErrno("fsync", temporary) }
        guard close(fd) == 0 else { fd = -1; throw PersistenceError.fromErrno("close", temporary) }
        fd = -1
        guard rename(temporary, PathText.join(directory, name)) == 0 else { throw PersistenceError.fromErrno("rename", path) }
        renamed = true
        syncDirectory(directory)
    }

    /// The resolved path when `path` is a symbolic link to an existing file.
    static func symlinkTarget(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates `path` and any missing parents with mode 0700. Directories that already exist
    /// keep their mode: they may be shared (`~/.config`) or deliberately set by the user.
    public static func ensureDirectory(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            if (st.st_mode & S_IFMT) == S_IFDIR { return }
            throw PersistenceError.io(operation: "mkdir", path: path, errno: ENOTDIR)
        }
        let (parent, _) = PathText.split(path)
        if parent != path, !parent.isEmpty { try ensureDirectory(parent) }
        if mkdir(path, directoryMode) != 0 {
            if errno == EEXIST { return }
            throw PersistenceError.fromErrno("mkdir", path)
        }
        _ = chmod(path, directoryMode)
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PersistenceError.fromErrno("write", path)
            }
            offset += n
        }
    }

    /// Best effort: some file systems refuse fsync on a directory, and the data is already safe.
    static func syncDirectory(_ directory: String) {
        let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { return }
        _ = fsync(dfd)
        close(dfd)
    }
}

/// Path text helpers (no Foundation).
enum PathText {
    /// (directory, last component); the directory of `name` alone is `.`.
    static func split(_ path: String) -> (String, String) {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return (".", String(p)) }
        let dir = p[..<slash]
        return (dir.isEmpty ? "/" : String(dir), String(p[p.index(after: slash)...]))
    }

    static func join(_ directory: String, _ component: String) -> String {
        directory.hasSuffix("/") ? directory + component : directory + "/" + component
    }

    /// Removes trailing slashes (except for `/` itself).
    static func trimmed(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}
