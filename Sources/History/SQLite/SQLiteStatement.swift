import CSQLite

/// A prepared statement: bind, step, read columns, reset. Finalized when released.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// The connection, for its error messages. SQLite keeps it alive (close_v2) while this
    /// statement exists.
    private let connection: OpaquePointer

    init(handle: OpaquePointer, connection: OpaquePointer) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to parameters 1, 2, … in order.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .int(let number): code = sqlite3_bind_int64(handle, index, number)
            case .null: code = sqlite3_bind_null(handle, index)
            case .text(let text):
                let utf8 = Array(text.utf8)
                code = utf8.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { start in
                        start.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                            vc_sqlite3_bind_text_copy(handle, index, $0, Int32(buffer.count))
                        }
                    } ?? vc_sqlite3_bind_text_copy(handle, index, "", 0)
                }
            case .blob(let bytes):
                // An empty Swift array may have no storage; SQLite takes a zero-length blob
                // from any non-null pointer.
                code = bytes.isEmpty ? sqlite3_bind_zeroblob(handle, index, 0)
                    : bytes.withUnsafeBytes { vc_sqlite3_bind_blob_copy(handle, index, $0.baseAddress, Int32($0.count)) }
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
    }

    /// Advances to the next row: true when there is one, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)  // releases the read transaction a failed step may hold
            throw error(code)
        }
    }

    /// Binds, runs to completion and resets: for statements that return no rows.
    func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Ends the current use so the statement holds no read transaction open (a reader that
    /// keeps one open stops the writer's checkpoints).
    func reset() {
        sqlite3_reset(handle)
    }

    func int64(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// An integer column that must lie in `range` (`StoredRange`). Anything else was not
    /// written by us (a count near 2^63, a time far outside the calendar, a negative
    /// duration): damage, reported as `corruptValue`, so that no reader ever does arithmetic
    /// on it (an overflow traps and ends the process).
    func int64(at column: Int32, in range: ClosedRange<Int64>, _ what: StaticString) throws(SQLiteError) -> Int64 {
        let value = sqlite3_column_int64(handle, column)
        guard range.contains(value), sqlite3_column_type(handle, column) == SQLITE_INTEGER else {
            throw .corruptValue("\(what) (\(value))")
        }
        return value
    }

    /// A stored count (probes, failures, minutes): 0…2^31-1.
    func count(at column: Int32, _ what: StaticString) throws(SQLiteError) -> Int {
        Int(try int64(at: column, in: StoredRange.count, what))
    }

    func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func text(at column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: bytes)
    }

    /// The column's bytes, valid only inside `body` (SQLite owns them until the next step).
    func withBlob<T>(at column: Int32, _ body: (UnsafeRawBufferPointer) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let start = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count))
    }

    private func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(connection)))
    }
}
