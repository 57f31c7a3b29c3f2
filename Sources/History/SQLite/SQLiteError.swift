import CSQLite

/// A failed SQLite call: the primary result code and SQLite's own message.
struct SQLiteError: Error, Sendable, Equatable {
    let code: Int32
    let message: String
    /// A stored value out of range or malformed (`corruptValue`): SQLite reads the file fine,
    /// so verifying its pages would not find it; the file is moved aside all the same.
    let isDamagedValue: Bool

    init(code: Int32, message: String, isDamagedValue: Bool = false) {
        self.code = code & 0xff  // primary code: extended codes (SQLITE_BUSY_RECOVERY…) mean the same to us
        self.message = message
        self.isDamagedValue = isDamagedValue
    }

    /// Another connection holds the lock we need and did not let go within the busy timeout.
    var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// The file is not a database, or its pages contradict each other.
    var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// A stored value history cannot decode (a histogram BLOB) or that lies outside its range
    /// (a count near 2^63, a time far outside the calendar): as bad as a corrupt page.
    static func corruptValue(_ what: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: "malformed \(what)", isDamagedValue: true)
    }
}
