import AppCore
import Foundation
import History
import TestSupport

/// A history database in a fresh temporary folder, removed with the fixture. The folder is in
/// memory where the machine allows (`TemporaryHome.inMemory`): what these tests check is
/// SQLite's and the history's arithmetic and their answers to odd files, none of it the disk's,
/// and a property's hundreds of databases would otherwise each wait on the disk's fsyncs.
final class HistoryFixture {
    let home: TemporaryHome
    /// The database's folder (not created: opening for writing creates it).
    let folder: String
    let path: String

    init() throws {
        home = try .inMemory(prefix: "verbumcare-history")
        folder = home.path + "/state"
        path = folder + "/history.sqlite3"
    }

    /// Opens for writing; a failure is a test failure (thrown).
    func open(now: Int64 = 1_750_000_000_000) throws -> HistoryDatabase {
        try HistoryDatabase.open(path: path, readOnly: false, now: now).get()
    }

    func openReadOnly(now: Int64 = 1_750_000_000_000) throws -> HistoryDatabase {
        try HistoryDatabase.open(path: path, readOnly: true, now: now).get()
    }

    /// The names in the database's folder, sorted.
    var folderNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestFile.write(Data(bytes), to: path)
    }
}
