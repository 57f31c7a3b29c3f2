/// Why history could not be opened, read or written. History never stops the app (SPEC §15.2):
/// callers show or log the problem and go on without it.
public enum HistoryProblem: Error, Sendable, Equatable {
    /// A read-only open found no database: nothing has been recorded yet.
    case missing(path: String)
    /// The file is not a history database this version can read (not SQLite, corrupt, another
    /// application's, another schema version). Only reported to a read-only open, which
    /// never moves anything; an open for writing moves the file aside instead.
    case unreadable(path: String, reason: String)
    /// Another process holds the lock this call needs and kept it past the busy timeout
    /// (`HistoryDatabase.busyTimeoutMs`). Try again later (the next round).
    case busy(String)
    /// A write through a read-only handle.
    case readOnly
    /// Corruption found while reading or writing an open database. Opening it again for
    /// writing moves it aside and starts a new one.
    case corrupt(String)
    /// Something other than a regular file (a FIFO, device, socket, folder or link) stands
    /// where the database, its `-wal` or `-shm` should be: refused at once, never opened (a FIFO
    /// would block the open for ever) and never moved: it is not ours to move. `reason` is the
    /// kind: `fifo`, `socket`, `device`, `folder`, `symlink` or `special`.
    case refused(path: String, reason: String)
    /// Anything else: permissions, a full disk, a symbolic link where the database should be.
    case io(String)

    init(_ error: SQLiteError) {
        if error.isBusy {
            self = .busy(error.message)
        } else if error.isCorrupt {
            self = .corrupt(error.message)
        } else {
            self = .io("\(error.message) (SQLite \(error.code))")
        }
    }
}
