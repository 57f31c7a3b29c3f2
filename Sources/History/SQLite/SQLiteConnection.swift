import CSQLite

/// One connection to a database file: open, exec, prepare, transactions, busy timeout. That is
/// all of SQLite history needs; a library such as GRDB would add megabytes of code and its own
/// caches to the interactive app, whose own pages are limited to 6 MB (SPEC §13), so this
/// wrapper is written by hand and kept this small.
///
/// Not thread-safe (opened with SQLITE_OPEN_NOMUTEX): one owner uses it at a time, which
/// `HistoryDatabase` passes on to its callers.
final class SQLiteConnection {
    private let handle: OpaquePointer

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        // close_v2 defers the close until every statement is finalized, so the order in which
        // Swift releases a connection and its statements does not matter.
        sqlite3_close_v2(handle)
    }

    /// Opens `path` with SQLite's `flags` (SQLITE_OPEN_*). NOMUTEX and NOFOLLOW are always
    /// added: one owner at a time, and a symbolic link in place of the database is refused.
    static func open(path: String, flags: Int32) -> Result<SQLiteConnection, SQLiteError> {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        guard let handle else { return .failure(SQLiteError(code: code, message: "out of memory")) }
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
            sqlite3_close_v2(handle)
            return .failure(error)
        }
        return .success(SQLiteConnection(handle: handle))
    }

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Whether closing the connection checkpoints the WAL into the database and deletes it
    /// (SQLite's default). Off while a file may still turn out to be one to move aside.
    func setCheckpointOnClose(_ enabled: Bool) {
        _ = vc_sqlite3_checkpoint_on_close(handle, enabled ? 1 : 0)
    }

    /// Runs one or more statements that return no rows we need.
    func exec(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code) }
        return SQLiteStatement(handle: statement, connection: handle)
    }

    /// The first column of the first row of `sql` as an integer (PRAGMA values, counts).
    func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(at: 0) : nil
    }

    /// The first column of the first row of `sql` as text.
    func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in one write transaction. BEGIN IMMEDIATE takes the write lock at once, so a
    /// busy database fails here, before any work, instead of at COMMIT.
    func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try run(.beginImmediate)
        do {
            let result = try body()
            try run(.commit)
            return result
        } catch {
            // A failed COMMIT may already have rolled back; a second ROLLBACK then fails
            // harmlessly, and the first error is the one worth reporting.
            try? run(.rollback)
            throw error
        }
    }

    /// The statements that open and end transactions, each prepared once per connection: every
    /// round and every read of the figures uses them (`sqlite3_exec` compiled them each time).
    enum Control: String, CaseIterable {
        case begin = "BEGIN"
        case beginImmediate = "BEGIN IMMEDIATE"
        case commit = "COMMIT"
        case rollback = "ROLLBACK"
    }

    private var controls: [Control: SQLiteStatement] = [:]

    func run(_ control: Control) throws(SQLiteError) {
        if let prepared = controls[control] { return try prepared.run([]) }
        let prepared = try prepare(control.rawValue)
        controls[control] = prepared
        try prepared.run([])
    }

    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}
