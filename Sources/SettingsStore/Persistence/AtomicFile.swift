import Glibc

/// Reads and atomically replaces small files (docs/PRODUCT.md: Files): a reader sees the old bytes or the
/// new bytes, never a mix, even across a crash or power loss.
public enum AtomicFile {
    public static let fileMode: mode_t = 0o600
    public static let directoryMode: mode_t = 0o700

    /// The whole file, or nil when it does not exist; only a regular file is read (see
    /// `RegularFile`). Reads at most `limit` + 1 bytes.
    public static func read(_ path: String, limit: Int = 4 << 20, followLinks: Bool = true) throws -> [UInt8]? {
        try RegularFile.read(path, limit: limit, followLinks: followLinks)?.bytes
    }

    /// The prefix of every temporary file the app writes (`.NAME` + this + pid + random);
    /// `TemporaryFileSweeper` removes what a killed writer left behind.
    static let temporaryInfix = ".tmp-"

    /// Writes `bytes` to a new temporary file in the same directory (mode 0600), fsyncs it,
    /// renames it over `path` and fsyncs the directory so the rename itself is durable.
    /// With `followLinks` a symbolic link (dotfiles kept in a repository) is followed, so the
    /// link survives and its target gets the new content.
    /// `mode`: 0600 for the app's own files; a file another program reads (the monitor's
    /// textfile, read by node_exporter as its own user) is written 0644.
    public static func write(_ bytes: [UInt8], to path: String, followLinks: Bool = true, mode: mode_t = fileMode) throws {
        let target = followLinks ? ((try? LinkTarget.resolve(path)) ?? path) : path
        _ = try write(bytes, to: target, mode: mode, commit: renameCommit)
    }

    /// The same, with the last step given to `commit`: it gets the temporary file (complete
    /// and fsynced) and the final path, and either puts the temporary file in place (true) or
    /// declines (false: the temporary file is removed, `path` is untouched, the result is
    /// false). `path` is used as given.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = fileMode,
                      commit: (_ temporary: String, _ path: String) throws -> Bool) throws -> Bool {
        let (directory, name) = PathText.split(path)
        try ensureDirectory(directory)
        var fd: Int32 = -1
        var temporary = ""
        for _ in 0..<100 {
            temporary = directory + "/." + name + temporaryInfix + String(getpid()) + "-"
                + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, fileMode)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw PersistenceError.fromErrno("create", temporary) }
        var committed = false
        defer {
            if fd >= 0 { close(fd) }
            if !committed { unlink(temporary) }
        }
        // The umask may have removed bits we want, or (oddly set) left some we don't.
        guard fchmod(fd, mode) == 0 else { throw PersistenceError.fromErrno("chmod", temporary) }
        try writeAll(fd, bytes, path: temporary)
        guard fsync(fd) == 0 else { throw PersistenceError.fromErrno("fsync", temporary) }
        guard close(fd) == 0 else { fd = -1; throw PersistenceError.fromErrno("close", temporary) }
        fd = -1
        let target = PathText.join(directory, name)
        guard try commit(temporary, target) else { return false }
        committed = true
        syncDirectory(directory)
        return true
    }

    /// The plain commit: rename over the path.
    static func renameCommit(_ temporary: String, _ path: String) throws -> Bool {
        guard rename(temporary, path) == 0 else { throw PersistenceError.fromErrno("rename", path) }
        return true
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
