import Glibc

/// Which file a path named when it was read, and how it looked: device, inode, size and
/// modification time to the nanosecond. Two equal identities with equal bytes mean nobody
/// saved the file in between, whether they renamed a new file over it (new inode) or wrote
/// into it in place (new size or time).
public struct FileIdentity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    init(_ st: stat) {
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modifiedSeconds = Int64(st.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(st.st_mtim.tv_nsec)
    }

    /// The identity of what `path` names now (links followed); nil when nothing is there.
    static func current(_ path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileIdentity(st)
    }

    /// Seconds since the last modification (0 for a time in the future). Against the system's
    /// wall clock, not an injected one: the kernel stamped the modification time on that clock.
    var age: Double {
        let modified = Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9
        return max(0, AppClock.wallSeconds() - modified)
    }
}
