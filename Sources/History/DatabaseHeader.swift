import Glibc

/// The first 100 bytes of a database file, read by us before SQLite opens it. SQLite, on
/// opening any file with a `-wal` beside it, reads that WAL and may delete it when the
/// connection closes, so a file that is plainly not our database is recognised here and moved
/// aside with its WAL untouched.
///
/// Closing the descriptor read through drops every POSIX lock this process holds on the file,
/// SQLite's included: a process keeps one handle per database (`HistoryStore`), so this runs
/// only while no other handle of this process has the file open.
struct DatabaseHeader {
    enum Verdict: Equatable {
        /// No file, or an empty one: SQLite starts a new database.
        case absent
        /// Not an SQLite file at all (other bytes, or too short for a header).
        case notSQLite
        /// An SQLite file with another application id, or a schema version this build cannot read.
        case notOurs(String)
        /// Our application id and a schema version we read (an older one is migrated), or both
        /// still 0 (a database whose first transaction is still in its WAL, or another
        /// application's): SQLite decides.
        case sqliteDecides
        /// The file could not be read (a symbolic link, permissions): SQLite's open reports it.
        case unknown
        /// Not a regular file (a FIFO, a device…): never handed to SQLite.
        case special(String)
    }

    static let magic = Array("SQLite format 3\0".utf8)

    static func verdict(path: String, applicationID: Int64, versions: ClosedRange<Int64>) -> Verdict {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer for ever.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .absent : .unknown }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unknown }
        if let kind = HistoryFiles.kind(of: info.st_mode) { return .special(kind) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard count >= 0 else { return .unknown }
        if count == 0 { return .absent }
        guard count == 100, Array(bytes[0..<16]) == magic else { return .notSQLite }
        let fileVersion = bigEndian(bytes, at: 60)
        let fileApplication = bigEndian(bytes, at: 68)
        if fileApplication == 0, fileVersion == 0 { return .sqliteDecides }
        guard fileApplication == applicationID else { return .notOurs("not a history database") }
        guard versions.contains(fileVersion) else {
            return .notOurs("schema version \(fileVersion), expected \(versions.upperBound)")
        }
        return .sqliteDecides
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int64 {
        bytes[offset..<offset + 4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
}
