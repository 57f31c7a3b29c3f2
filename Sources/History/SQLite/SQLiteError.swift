import CSQLite

/// A failed SQLite call: the primary result code and SQLite's own message.
struct SQLiteError: Error, Sendable, Equatable {
    let code: Int32
    let message: String

    init(code: Int32, message: String) {
        self.code = code & 0xff  // primary code: extended codes (SQLITE_BUSY_RECOVERY…) mean the same to us
        self.message = message
    }

    /// Another connection holds the lock we need and did not let go within the busy timeout.
    var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// The file is not a database, or its pages contradict each other.
    var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// A stored value history cannot decode (a histogram BLOB): as bad as a corrupt page.
    static func corruptValue(_ what: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: "malformed \(what)")
    }
}
