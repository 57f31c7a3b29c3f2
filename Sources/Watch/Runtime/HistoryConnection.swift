import History
import Logging
import Timekeeping

/// The history database handle of one process, kept usable through trouble (SPEC §15.2: a
/// database that fails while running is reopened or moved aside and started anew within one
/// round; rows that could not be written are counted and said in the log).
///
/// Before every use it checks that the handle's file is still the one at the path and that no
/// reader found it damaged (`HistoryDatabase.isStillAtPath`): SQLite keeps writing to a file
/// that was deleted or replaced, and would never notice. A handle that fails with corruption
/// or an I/O error is dropped; a writer opens again at once (which moves a damaged file aside)
/// and tries the call once more. A busy database (another program holds its lock) keeps its
/// handle: the next round tries again. With no handle (locked at start, a FIFO in place, not
/// yet created) every use tries to open again; a refusal costs a `lstat`.
///
/// Confined to `HistoryStore`'s queue: not Sendable.
final class HistoryConnection {
    let path: String
    private let logger: Logger
    /// The clock the callers' times come from: a new database starts retention from it.
    private let clock: AppClock
    private(set) var database: HistoryDatabase?
    private var writable = false
    /// Open for writing (the handle's mode).
    var isWritable: Bool { writable }
    /// The last problem logged (each is logged once, until a call succeeds).
    private var lastProblem: HistoryProblem?
    /// Why history cannot be used now; nil while it works.
    var problem: HistoryProblem? { lastProblem }
    /// Rows of `record` lost since the last successful write, said in the log when writing
    /// works again.
    private(set) var unrecordedRows = 0

    init(path: String, clock: AppClock, logger: Logger) {
        self.path = path
        self.clock = clock
        self.logger = logger
    }

    /// Drops the handle and opens `path` again (for writing when `writable`); `now` names a
    /// file moved aside (default: the clock's time).
    func reopen(writable: Bool, now: Double? = nil) {
        self.writable = writable
        database = nil
        open(now: now)
    }

    /// Runs `body` on the database as it should be used now; nil (logged once) on a problem.
    /// `rows`: the probe rows the call records, counted when they cannot be written.
    func run<T>(rows: Int = 0, _ body: (HistoryDatabase) throws(HistoryProblem) -> T) -> T? {
        var attempts = writable ? 2 : 1
        while attempts > 0 {
            attempts -= 1
            guard let database = current() else { break }
            do throws(HistoryProblem) {
                let value = try body(database)
                succeeded(rows: rows)
                return value
            } catch {
                report(error)
                guard Self.dropsHandle(error) else { break }
                self.database = nil
                if writable { open() }
            }
        }
        if rows > 0 {
            if unrecordedRows == 0 { logger.warning("history: rows not recorded", metadata: ["path": "\(path)"]) }
            unrecordedRows += rows
        }
        return nil
    }

    /// The handle to use: the open one while its file is still at the path and not marked
    /// damaged; else a new one.
    private func current() -> HistoryDatabase? {
        if let database {
            if database.isStillAtPath { return database }
            logger.warning("history: the database file was deleted, replaced or found damaged; opening it again",
                           metadata: ["path": "\(path)"])
            database.abandon()
            self.database = nil
        }
        open()
        return database
    }

    private func open(now: Double? = nil) {
        let at = now ?? clock.now()
        switch HistoryDatabase.open(path: path, readOnly: !writable, now: Int64(at * 1000)) {
        case .success(let opened):
            database = opened
            if let aside = opened.movedAside {
                logger.warning("history: unreadable database kept aside, a new one started", metadata: ["copy": "\(aside)"])
            }
        case .failure(.missing):
            break  // a reader: nothing recorded yet; it opens again later
        case .failure(let problem):
            report(problem)
        }
    }

    private func report(_ problem: HistoryProblem) {
        if lastProblem != problem { logger.warning("history", metadata: ["problem": "\(problem)"]) }
        lastProblem = problem
    }

    private func succeeded(rows: Int) {
        lastProblem = nil
        guard rows > 0, unrecordedRows > 0 else { return }
        logger.warning("history: recording again; rows could not be written meanwhile",
                       metadata: ["rows": "\(unrecordedRows)", "path": "\(path)"])
        unrecordedRows = 0
    }

    /// Problems after which this handle is of no more use: the file is damaged (opening again
    /// moves it aside) or cannot be written (deleted folder, replaced file).
    private static func dropsHandle(_ problem: HistoryProblem) -> Bool {
        switch problem {
        case .corrupt, .io, .unreadable, .refused: true
        case .busy, .readOnly, .missing: false
        }
    }
}
