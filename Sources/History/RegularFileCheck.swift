import Glibc

/// A file the recorder is about to open must be a regular file of ours, or absent. A FIFO in
/// its place would block `open(2)` (and so the app, which then would not even quit), a device
/// or a socket is nothing SQLite should touch, and a link may point at a file that is not ours
/// (the recorder may run as root). Checked with lstat, before anything opens the path.
enum RegularFileCheck {
    /// nil when `path` is absent or a regular file owned by this user; else why it is refused.
    static func problem(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: return "\(path) is a symbolic link"
        case S_IFIFO: return "\(path) is a FIFO"
        case S_IFDIR: return "\(path) is a folder"
        case S_IFSOCK: return "\(path) is a socket"
        default: return "\(path) is a device"
        }
        return info.st_uid == geteuid() ? nil : "\(path) belongs to another user"
    }
}
