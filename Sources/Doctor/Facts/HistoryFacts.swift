import Glibc
import History

/// What `doctor`'s `history` check looks at (SPEC §15.3): whether the history database can be
/// read, and who records (the recorder lock beside it, and whether its holder is alive).
/// Read without waiting on anything: special files are seen with `lstat` and never opened.
public struct HistoryFacts: Equatable, Sendable {
    public enum Database: Equatable, Sendable {
        /// Not created yet: nobody has recorded in this home.
        case absent
        case readable
        /// A FIFO, device, socket, folder or link in its place (or its `-wal`, `-shm`).
        case refused(path: String)
        /// Not a history database, damaged pages, or a value out of range.
        case damaged(reason: String)
        /// Another program holds its lock.
        case busy
        case unusable(reason: String)
    }

    public enum Lock: Equatable, Sendable {
        /// No lock file: nobody has recorded yet.
        case absent
        /// A regular file of this user's: who holds it, nil when nobody does.
        case held(by: RecorderHolder?, alive: Bool)
        case symbolicLink
        /// A FIFO, device, socket or folder.
        case special
        case otherUser
        case otherNames
    }

    public var databasePath: String
    public var database: Database
    public var lockPath: String
    public var lock: Lock
    /// `history_enabled`.
    public var enabled: Bool

    public init(databasePath: String, database: Database, lockPath: String, lock: Lock, enabled: Bool) {
        self.databasePath = databasePath
        self.database = database
        self.lockPath = lockPath
        self.lock = lock
        self.enabled = enabled
    }

    /// Reads the database at `path` (every figure and incident, so that a value out of range
    /// shows) and the lock beside it.
    public static func read(databasePath path: String, serverIds: [String], enabled: Bool, now: Double) -> HistoryFacts {
        let lockPath = HistoryDatabase.lockPath(forDatabase: path)
        return HistoryFacts(databasePath: path, database: database(path, serverIds: serverIds, now: Int64(now * 1000)),
                            lockPath: lockPath, lock: lock(lockPath), enabled: enabled)
    }

    static func database(_ path: String, serverIds: [String], now: Int64) -> Database {
        let opened: HistoryDatabase
        switch HistoryDatabase.open(path: path, readOnly: true, now: now) {
        case .success(let database): opened = database
        case .failure(let problem): return database(problem)
        }
        do throws(HistoryProblem) {
            for id in Set(serverIds).union(try opened.serverIds()) { _ = try opened.figures(serverId: id, now: now) }
            _ = try opened.incidents(serverId: nil, since: 0)
            return .readable
        } catch {
            return database(error)
        }
    }

    private static func database(_ problem: HistoryProblem) -> Database {
        switch problem {
        case .missing: .absent
        case .refused(let path, _): .refused(path: path)
        case .unreadable(_, let reason), .corrupt(let reason): .damaged(reason: reason)
        case .busy: .busy
        case .io(let reason): .unusable(reason: reason)
        case .readOnly: .unusable(reason: "read-only")
        }
    }

    static func lock(_ path: String) -> Lock {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .absent }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: return .symbolicLink
        default: return .special
        }
        if info.st_uid != geteuid() { return .otherUser }
        if info.st_nlink != 1 { return .otherNames }
        guard let holder = RecorderLock.holder(path: path) else { return .held(by: nil, alive: false) }
        return .held(by: holder, alive: kill(holder.pid, 0) == 0 || errno == EPERM)
    }
}
