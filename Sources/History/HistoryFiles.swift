import Glibc

/// Which file a path names: a database moved aside, deleted or replaced under a running
/// process keeps its old identity in that process's handle, while the path names another.
public struct FileIdentity: Equatable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The identity of what `path` names now, without following a link; nil when nothing does.
    public static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    var text: String { "\(device):\(inode)" }
}

/// The files SQLite opens for one database (the database, its `-wal` and `-shm`), looked at
/// before SQLite is let near them (SPEC §15.2).
///
/// - A FIFO, device, socket, folder or link in place of any of them is refused at once:
///   SQLite's own open of a FIFO blocks until a writer appears (for ever), and reading a WAL
///   that is a FIFO blocks too. Nothing here opens such a file: `lstat` only.
/// - The files are private (0600): probe results say when a facility's network was down.
///   A new database is created 0600 by us before SQLite opens it (SQLite then gives its
///   `-wal` and `-shm` the database's mode), and files of ours found wider are narrowed.
enum HistoryFiles {
    static let mode: mode_t = 0o600
    /// Linux's O_PATH (`<fcntl.h>` names it only under _GNU_SOURCE, which Swift's Glibc lacks).
    static let oPath: Int32 = 0o10_000_000

    /// The database and the files SQLite keeps beside it.
    static func companions(of path: String) -> [String] {
        [path, path + "-wal", path + "-shm"]
    }

    /// Why SQLite must not open `path`: something other than a regular file stands at it or
    /// at its `-wal` or `-shm`. nil when each is a regular file or absent.
    static func refusal(_ path: String) -> HistoryProblem? {
        for file in companions(of: path) {
            if let kind = specialKind(file) { return .refused(path: file, reason: kind) }
        }
        return nil
    }

    /// `fifo`, `folder`…: what stands at `path` when it is not a regular file (the codes
    /// `HistoryProblem.refused` carries and the surfaces put into words); nil for a regular
    /// file or nothing.
    static func specialKind(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return kind(of: info.st_mode)
    }

    /// The code of a file type other than a regular file; nil for a regular file.
    static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "fifo"
        case S_IFSOCK: "socket"
        case S_IFCHR, S_IFBLK: "device"
        case S_IFDIR: "folder"
        case S_IFLNK: "symlink"
        default: "special"
        }
    }

    /// Creates an empty database file with mode 0600 when nothing is at `path`, so SQLite
    /// (which honours the umask and copies the database's mode to `-wal` and `-shm`) never
    /// creates a readable one. nil on success or when a file is already there.
    static func createPrivate(_ path: String) -> HistoryProblem? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            return errno == EEXIST ? nil : .io("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        _ = fchmod(descriptor, mode)  // past the umask
        return nil
    }

    /// Narrows the database, its `-wal` and `-shm` to 0600 where they are regular files of
    /// ours that others may read (made by an earlier version, or by hand).
    static func makePrivate(_ path: String) {
        for file in companions(of: path) { narrow(file, to: mode) }
    }

    /// `chmod` of a regular file owned by this user, through a descriptor opened with O_PATH
    /// and without following links: nothing is read or waited on, and closing an O_PATH
    /// descriptor leaves alone the POSIX locks SQLite holds on the file in this process
    /// (closing any ordinary descriptor of a file drops them all).
    static func narrow(_ path: String, to wanted: mode_t) {
        narrow(path, to: wanted, kind: S_IFREG)
    }

    /// The same for a folder of this user's (the state directory).
    static func narrowFolder(_ path: String, to wanted: mode_t) {
        narrow(path, to: wanted, kind: S_IFDIR)
    }

    private static func narrow(_ path: String, to wanted: mode_t, kind: mode_t) {
        let descriptor = open(path, oPath | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == kind, info.st_uid == geteuid(),
              info.st_mode & 0o777 & ~wanted != 0 else { return }
        // fchmod does not take an O_PATH descriptor; its /proc name is the same file.
        _ = chmod("/proc/self/fd/\(descriptor)", wanted)
    }
}
