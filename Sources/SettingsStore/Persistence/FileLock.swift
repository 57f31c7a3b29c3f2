import Glibc
import CPlatform

/// An advisory lock (flock) held around every read-modify-write of one of our files, so two
/// running copies, the command line and the app never lose each other's changes.
///
/// The lock is taken on a sidecar `.NAME.lock` in the same directory, never on the data file:
/// an atomic write replaces the data file's inode, and a lock on the old inode would protect
/// nothing. The sidecar is never deleted (deleting a lock file lets two holders in at once).
/// flock locks belong to an open file description, so two threads of one process exclude
/// each other too.
public enum FileLock {
    public static func sidecarPath(for path: String) -> String {
        let (directory, name) = PathText.split(path)
        return PathText.join(directory, "." + name + ".lock")
    }

    /// Runs `body` while holding the exclusive lock for `path`. With `createDirectory` the
    /// file's directory is created (0700) when missing.
    public static func withExclusiveLock<T>(for path: String, createDirectory: Bool = true,
                                            _ body: () throws -> T) throws -> T {
        let lockPath = sidecarPath(for: path)
        if createDirectory { try AtomicFile.ensureDirectory(PathText.split(path).0) }
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, AtomicFile.fileMode)
        guard fd >= 0 else { throw PersistenceError.fromErrno("open", lockPath) }
        defer { close(fd) } // closing the descriptor releases the lock
        while vc_flock(fd, vc_lock_ex()) != 0 {
            if errno != EINTR { throw PersistenceError.fromErrno("lock", lockPath) }
        }
        return try body()
    }
}
