import AppCore
import CSQLite
import Glibc

extension HistoryDatabase {
    /// Opens the history database at `path`.
    ///
    /// For writing (`readOnly: false`, the recorder): creates the folder (0700) and the
    /// database when missing, in WAL mode. A file that is not a readable history database
    /// (not SQLite, truncated, another application's, another schema version, or damaged pages
    /// found by an earlier call) is moved aside as `history.sqlite3.corrupt-<UTC time of now>`
    /// with its WAL (`AsideMove`; never deleted) and a new one is started: `movedAside` says
    /// where it went. Pages are verified (SQLite's `quick_check`, which reads the whole file:
    /// about 40 ms for a server-year, measured by the `history` benchmark) only when a call
    /// met corruption since the last check (`checkMarkPath`), so a normal start stays cheap.
    /// After `.corrupt` from any call, drop the handle and open again.
    ///
    /// For reading (`readOnly: true`): never moves or rewrites anything; a missing file is
    /// `.missing`, an unreadable one `.unreadable`. (SQLite itself may create the empty `-wal`
    /// and `-shm` files beside a file in WAL mode: every reader needs the shared index.)
    ///
    /// Either way a database locked by another process is `.busy` after `busyTimeoutMs`, never
    /// a wait, and never a reason to move the file aside; and a FIFO, device, socket, folder or
    /// link in place of the database, its `-wal` or `-shm` is `.refused` before SQLite opens
    /// anything (`HistoryFiles`). A writer creates the files 0600 and narrows wider ones of ours;
    /// it also moves aside a file a reader found a value out of range in (`DamageMark`).
    public static func open(path: String, readOnly: Bool, now: Int64) -> Result<HistoryDatabase, HistoryProblem> {
        // Before SQLite sees any of its files: a FIFO would block its open for ever.
        if let refused = HistoryFiles.refusal(path) { return .failure(refused) }
        if readOnly {
            return openChecked(path: path, readOnly: true, now: now).map {
                HistoryDatabase(path: path, isReadOnly: true, movedAside: nil, connection: $0)
            }
        }
        if let problem = PrivateDirectory.create(PrivateDirectory.parent(of: path)) {
            return .failure(.io(problem))
        }
        if let problem = HistoryFiles.createPrivate(path) { return .failure(problem) }
        HistoryFiles.makePrivate(path)
        if DamageMark.applies(path) {
            // A reader met a value out of range in this very file: SQLite would find it sound.
            return startAgain(path: path, now: now)
        }
        switch openChecked(path: path, readOnly: false, now: now) {
        case .success(let connection):
            return .success(HistoryDatabase(path: path, isReadOnly: false, movedAside: nil, connection: connection))
        case .failure(.unreadable):
            // The failed connection is already closed (openChecked releases it), so no handle
            // of ours keeps the old file's locks while it moves.
            return startAgain(path: path, now: now)
        case .failure(let problem):
            return .failure(problem)
        }
    }

    /// Moves the file at `path` aside (with its WAL) and opens a new database there.
    private static func startAgain(path: String, now: Int64) -> Result<HistoryDatabase, HistoryProblem> {
        let aside: String
        switch AsideMove.moveAside(path, now: now) {
        case .success(let name): aside = name
        case .failure(let problem): return .failure(problem)
        }
        unlink(checkMarkPath(path))  // the marks were about the file just moved
        DamageMark.clear(path)
        if let problem = HistoryFiles.createPrivate(path) { return .failure(problem) }
        return openChecked(path: path, readOnly: false, now: now).map {
            HistoryDatabase(path: path, isReadOnly: false, movedAside: aside, connection: $0)
        }
    }

    /// A connection to a usable history database at `path`, or why there is none.
    /// `.unreadable` means the file itself is bad (and only then may a writer move it).
    private static func openChecked(path: String, readOnly: Bool, now: Int64) -> Result<SQLiteConnection, HistoryProblem> {
        switch DatabaseHeader.verdict(path: path, applicationID: HistorySchema.applicationID, versions: HistorySchema.readableVersions) {
        case .notSQLite: return .failure(.unreadable(path: path, reason: "not an SQLite database"))
        case .special(let kind): return .failure(.refused(path: path, reason: kind))
        case .notOurs(let reason): return .failure(.unreadable(path: path, reason: reason))
        case .absent where readOnly: return .failure(.missing(path: path))
        case .absent, .sqliteDecides, .unknown: break
        }
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let connection: SQLiteConnection
        switch SQLiteConnection.open(path: path, flags: flags) {
        case .success(let opened): connection = opened
        case .failure(let error): return .failure(problem(error, path: path))
        }
        // Until the file has passed its checks, closing must leave it and its WAL as they are.
        connection.setCheckpointOnClose(false)
        connection.setBusyTimeout(milliseconds: busyTimeoutMs)
        do {
            try check(connection, path: path, readOnly: readOnly, now: now)
            connection.setCheckpointOnClose(true)
            try connection.exec("PRAGMA cache_size = -\(cacheKiB)")
            if !readOnly {
                // WAL without a sync per commit: a power cut may lose the last rounds, never
                // the file. The WAL is truncated back to 1 MB after checkpoints so it does not
                // keep its largest size on disk.
                try connection.exec("PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 1048576")
            }
            return .success(connection)
        } catch let failure as CheckFailure {
            return .failure(failure.problem)
        } catch let error as SQLiteError {
            return .failure(problem(error, path: path))
        } catch {
            return .failure(.io("\(error)"))
        }
    }

    private struct CheckFailure: Error {
        let problem: HistoryProblem
    }

    /// Reads the header facts that say whose database this is, creates the schema in a new
    /// one (with the time retention starts from, `PruneClock`), and for a writer verifies every
    /// page.
    private static func check(_ connection: SQLiteConnection, path: String, readOnly: Bool, now: Int64) throws {
        let application = try connection.integer("PRAGMA application_id") ?? 0
        let version = try connection.integer("PRAGMA user_version") ?? 0
        let tables = try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0
        if application == 0, version == 0, tables == 0 {
            // Empty: a new file, or (for a reader) one whose recorder has not yet committed
            // its schema.
            guard !readOnly else { throw CheckFailure(problem: .missing(path: path)) }
            try connection.exec("PRAGMA journal_mode = WAL")
            try connection.transaction { () throws(SQLiteError) in
                try connection.exec(HistorySchema.create)
                try connection.exec("PRAGMA application_id = \(HistorySchema.applicationID)")
                try connection.exec("PRAGMA user_version = \(HistorySchema.version)")
                try PruneClock.save(PruneClock(atMs: now, boot: BootClock.now()), into: connection)
            }
            // Into the main file at once, so its header names us (`DatabaseHeader`).
            try connection.exec("PRAGMA wal_checkpoint(TRUNCATE)")
            return
        }
        guard application == HistorySchema.applicationID else {
            throw CheckFailure(problem: .unreadable(path: path, reason: "not a history database"))
        }
        guard HistorySchema.readableVersions.contains(version) else {
            throw CheckFailure(problem: .unreadable(path: path, reason: "schema version \(version), expected \(HistorySchema.version)"))
        }
        guard !readOnly else { return }
        let mode = try connection.text("PRAGMA journal_mode = WAL")
        guard mode == "wal" else { throw CheckFailure(problem: .io("cannot use WAL mode (journal mode \(mode ?? "unknown"))")) }
        try HistoryMigration.migrate(connection, from: version)
        guard access(checkMarkPath(path), F_OK) == 0 else { return }
        let verdict = try connection.text("PRAGMA quick_check(1)")
        guard verdict == "ok" else {
            throw CheckFailure(problem: .unreadable(path: path, reason: verdict ?? "quick_check failed"))
        }
        unlink(checkMarkPath(path))
    }

    /// An SQLite failure while opening: corruption means the file is unreadable; anything
    /// else (busy, permissions, a symbolic link) is not the file's fault.
    private static func problem(_ error: SQLiteError, path: String) -> HistoryProblem {
        error.isCorrupt ? .unreadable(path: path, reason: error.message) : HistoryProblem(error)
    }
}
