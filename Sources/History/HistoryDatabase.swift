import AppCore
import Glibc

/// `history.sqlite3`: every probe result of every server, kept in three tiers (raw 7 days,
/// minutes 90 days, hours 400 days), incidents and the ledger of alerts already sent.
/// docs/ARCHITECTURE.md (History) describes the schema and the tiers.
///
/// One process per home records (`RecorderLock`); any number read, each through its own
/// read-only handle, while it writes (WAL).
///
/// Threading: not Sendable, on purpose. A handle is one SQLite connection opened without
/// SQLite's own mutex; it belongs to one owner (a thread, an actor or a serial queue) that
/// makes every call. A reader in another task or process opens its own handle.
public final class HistoryDatabase {
    /// How long a call waits for another process's lock before giving up with `.busy`: short,
    /// so that a stuck process can never hold up probing or the screen for long.
    public static let busyTimeoutMs: Int32 = 200
    /// SQLite's page cache per handle, KiB. The interactive app links history, and its own
    /// pages are limited to 6 MB (SPEC §13); a window reads a few hundred rows.
    static let cacheKiB = 512

    public let path: String
    public let isReadOnly: Bool
    /// Where an unreadable file found at `path` was moved before a new database was started
    /// (a writing open only); nil when nothing was moved.
    public let movedAside: String?
    /// The file this handle opened. When `path` names another file (or none), the one this
    /// handle writes to was deleted, replaced or moved away (`isStillAtPath`).
    public let identity: FileIdentity?

    let connection: SQLiteConnection
    private var statements: [String: SQLiteStatement] = [:]
    private var serverKeys: [String: Int64] = [:]

    init(path: String, isReadOnly: Bool, movedAside: String?, connection: SQLiteConnection) {
        self.path = path
        self.isReadOnly = isReadOnly
        self.movedAside = movedAside
        self.connection = connection
        identity = FileIdentity.of(path)
    }

    /// Whether this handle still writes to (or reads) the file at `path`, and nobody found that
    /// file damaged: false after the file was deleted, replaced by another or moved aside, its
    /// `-wal` or `-shm` replaced by a special file, or a reader marked it (`DamageMark`). SQLite itself notices none of these (a deleted file
    /// takes writes until it is closed), so the owner asks before each use and opens again.
    public var isStillAtPath: Bool {
        guard let identity, FileIdentity.of(path) == identity, HistoryFiles.refusal(path) == nil else { return false }
        return access(DamageMark.path(path), F_OK) != 0 || !DamageMark.applies(path)
    }

    /// Before dropping a handle whose file is no longer at `path`: closing must not checkpoint,
    /// since SQLite would then delete the `-wal` at `path` by its name, which may belong to
    /// the file that is there now.
    public func abandon() {
        connection.setCheckpointOnClose(false)
    }

    /// The recorder's lock file, beside the database in the state directory (`RecorderLock`).
    public static func lockPath(forDatabase path: String) -> String {
        RecorderLock.path(stateDirectory: PrivateDirectory.parent(of: path))
    }

    /// A prepared statement for `sql`, prepared once per handle.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let prepared = try connection.prepare(sql)
        statements[sql] = prepared
        return prepared
    }

    /// The small integer a server id is stored as. With `create`, a new id gets one (inside
    /// the caller's write transaction); otherwise nil for an id never recorded. A reader
    /// asks the file again on a miss: the recorder may have added the server since.
    func serverKey(_ serverId: String, create: Bool) throws(SQLiteError) -> Int64? {
        if let key = serverKeys[serverId] { return key }
        let select = try statement("SELECT key FROM servers WHERE id = ?")
        try select.bind([.text(serverId)])
        defer { select.reset() }
        if try select.step() {
            let key = select.int64(at: 0)
            serverKeys[serverId] = key
            return key
        }
        guard create else { return nil }
        try statement("INSERT INTO servers (id) VALUES (?)").run([.text(serverId)])
        let key = connection.lastInsertRowID
        serverKeys[serverId] = key
        return key
    }

    /// Forgets cached server keys: after a rolled-back transaction they may name rows that do
    /// not exist.
    func forgetServerKeys() {
        serverKeys.removeAll()
    }

    /// Every server id history has rows for, sorted.
    public func serverIds() throws(HistoryProblem) -> [String] {
        do {
            let select = try statement("SELECT id FROM servers ORDER BY id")
            try select.bind([])
            defer { select.reset() }
            var ids: [String] = []
            while try select.step() {
                if let id = select.text(at: 0) { ids.append(id) }
            }
            return ids
        } catch {
            throw problem(error)
        }
    }

    /// The problem a failed SQLite call is reported as. Corruption met by any call leaves a
    /// mark beside the database (`checkMarkPath`), so that the next open for writing verifies
    /// every page and moves a damaged file aside; opens without the mark skip that scan, which
    /// costs about 10 ms per MB.
    func problem(_ error: SQLiteError) -> HistoryProblem {
        if error.isDamagedValue {
            DamageMark.mark(path, identity: identity)
        } else if error.isCorrupt {
            Self.markForCheck(path)
        }
        return HistoryProblem(error)
    }

    /// `history.sqlite3.needs-check`: an empty file, present while the database must be verified.
    static func checkMarkPath(_ path: String) -> String {
        path + ".needs-check"
    }

    static func markForCheck(_ path: String) {
        // O_NONBLOCK: a FIFO at the mark's name must not hold up the caller.
        let descriptor = Glibc.open(checkMarkPath(path), O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Runs reads in one read transaction, so that they see one state of the file even while
    /// the recorder commits between them.
    func readSnapshot<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try connection.run(.begin)
        do {
            let result = try body()
            try connection.run(.commit)
            return result
        } catch {
            try? connection.run(.rollback)
            throw error
        }
    }
}
