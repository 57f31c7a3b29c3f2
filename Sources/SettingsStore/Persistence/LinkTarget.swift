import Glibc

/// Where a file really lives when its path is a symbolic link (settings kept with dotfiles).
/// The app reads, locks and replaces the link's target, so the link survives, and two homes
/// linked to one file share one lock (the lock sits beside the target, not beside the links).
public enum LinkTarget {
    /// Links followed one by one, as the kernel allows (40).
    static let maximumHops = 40

    /// The path the data lives at: `path` itself when it is not a symbolic link, else the end
    /// of the chain of links (which may not exist yet: a dangling link is written through).
    public static func resolve(_ path: String) throws -> String {
        var current = path
        for _ in 0..<maximumHops {
            var st = stat()
            guard lstat(current, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK else { return current }
            guard let text = readLink(current) else { throw PersistenceError.fromErrno("readlink", current) }
            current = text.hasPrefix("/") ? text : PathText.join(PathText.split(current).0, text)
        }
        throw PersistenceError.io(operation: "readlink", path: path, errno: ELOOP)
    }

    /// The target of `path`, checked before the app replaces it: a target that belongs to
    /// another user is not taken over, and a link into a folder the app cannot write is
    /// refused with a message rather than failing half-way.
    public static func writable(_ path: String) throws -> String {
        let target = try resolve(path)
        var st = stat()
        if stat(target, &st) == 0, st.st_uid != geteuid() {
            throw PersistenceError.notOwned(path: target)
        }
        if target != path {
            let directory = PathText.split(target).0
            var dst = stat()
            if stat(directory, &dst) == 0, access(directory, W_OK) != 0 {
                throw PersistenceError.directoryNotWritable(path: target)
            }
        }
        return target
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
