import Glibc

/// Keeps a file that we cannot use (or are about to rewrite) under `NAME.corrupt-<UTC time>`
/// (`-2`, `-3`… when that name is taken). Never overwrites and never deletes anything.
enum AsideFile {
    /// Gives the file's current inode a second name (hard link): mode, times and bytes stay as
    /// they were. Falls back to an exclusive copy of `bytes` where hard links are unsupported.
    /// `source` is where the inode is linked from when it is no longer at `path` (a file
    /// just displaced by an exchange); the copy is still named after `path`.
    /// The name's time is the system's wall clock, not an injected one: it sits beside the times
    /// the kernel stamps on the same file (a person lines them up), and file code takes no clock.
    static func keepCopy(of path: String, bytes: [UInt8], source: String? = nil) throws -> String {
        let base = path + ".corrupt-" + UTCTimestamp.compact(UTCTimestamp.parts(seconds: AppClock.wallSeconds()))
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : base + "-" + String(attempt)
            if link(source ?? path, candidate) == 0 { return candidate }
            switch errno {
            case EEXIST: continue
            case EPERM, EXDEV, ENOTSUP, EMLINK:
                if try copyExclusive(bytes, to: candidate) { return candidate }
            default:
                throw PersistenceError.fromErrno("link", candidate)
            }
        }
        throw PersistenceError.io(operation: "link", path: base, errno: EEXIST)
    }

    /// Moves the file aside: after this `path` no longer exists, and the returned name holds it.
    static func moveAside(_ path: String, bytes: [UInt8]) throws -> String {
        let aside = try keepCopy(of: path, bytes: bytes)
        guard unlink(path) == 0 || errno == ENOENT else { throw PersistenceError.fromErrno("unlink", path) }
        AtomicFile.syncDirectory(PathText.split(path).0)
        return aside
    }

    /// false when `path` already exists.
    private static func copyExclusive(_ bytes: [UInt8], to path: String) throws -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, AtomicFile.fileMode)
        if fd < 0 {
            if errno == EEXIST { return false }
            throw PersistenceError.fromErrno("create", path)
        }
        defer { close(fd) }
        try AtomicFile.writeAll(fd, bytes, path: path)
        guard fsync(fd) == 0 else { throw PersistenceError.fromErrno("fsync", path) }
        return true
    }
}
