import AppCore
import Glibc

/// Moves an unreadable database aside as `NAME.corrupt-<UTC time>` (`-2`, `-3`… when taken),
/// with its `-wal` and `-shm` files under the same name plus their suffix, so the set can
/// still be opened with `sqlite3` by someone who wants to look. Never overwrites and never
/// deletes. The WAL must go with it: left behind, SQLite would replay it into the new database.
enum AsideMove {
    /// The name the database now has, or what failed.
    static func moveAside(_ path: String, now: Int64) -> Result<String, HistoryProblem> {
        let base = path + ".corrupt-" + UTCTimestamp.compact(UTCTimestamp.parts(unixMilliseconds: now))
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : base + "-" + String(attempt)
            guard !exists(candidate), !exists(candidate + "-wal"), !exists(candidate + "-shm") else { continue }
            switch move(path, to: candidate) {
            case 0: break
            case EEXIST: continue
            case let code: return .failure(.io("cannot move \(path) aside: \(String(cString: strerror(code)))"))
            }
            for suffix in ["-wal", "-shm"] where exists(path + suffix) {
                let code = move(path + suffix, to: candidate + suffix)
                guard code == 0 else {
                    return .failure(.io("cannot move \(path + suffix) aside: \(String(cString: strerror(code)))"))
                }
            }
            return .success(candidate)
        }
        return .failure(.io("cannot move \(path) aside: every name is taken"))
    }

    /// A new name without replacing anything there: a hard link then unlink (link refuses an
    /// existing name); where hard links are unsupported, rename after checking the name is free.
    /// 0 on success, else the errno.
    private static func move(_ path: String, to target: String) -> Int32 {
        if link(path, target) == 0 {
            return unlink(path) == 0 ? 0 : errno
        }
        switch errno {
        case EEXIST: return EEXIST
        case EPERM, EXDEV, ENOTSUP, EMLINK:
            if exists(target) { return EEXIST }
            return rename(path, target) == 0 ? 0 : errno
        case let code: return code
        }
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
