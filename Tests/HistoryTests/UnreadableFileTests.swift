import AppCore
import Foundation
import History
import TestSupport
import Testing

/// A file that is not a readable history database is moved aside (never deleted) and a new
/// one is started, by a writer only; a reader reports it and moves nothing.
@Suite("History: unreadable files")
struct UnreadableFileTests {
    static let now: Int64 = 1_750_000_000_000  // 2025-06-15T15:06:40Z
    static let asideName = "history.sqlite3.corrupt-20250615T150640Z"

    /// A real database with a few thousand rows, closed (the WAL checkpointed into the file
    /// and removed).
    static func realDatabase(_ fixture: HistoryFixture) throws -> [UInt8] {
        do {
            let database = try fixture.open()
            try database.record((0..<3000).map {
                ProbeSample(serverId: "s\($0 % 3)", at: now + Int64($0) * 1000, ok: true, latencyMs: Double($0 % 700))
            })
        }
        let whole = try #require(fixture.bytes(fixture.path))
        #expect(whole.count > 8192)
        return whole
    }

    /// A real database whose pages after the first (the header and the schema) are
    /// overwritten with random bytes, its size unchanged: only reading the tables finds it out.
    static func damagedDatabase(_ fixture: HistoryFixture) throws -> [UInt8] {
        var bytes = try realDatabase(fixture)
        var generator = SystemRandomNumberGenerator()
        for index in 4096..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        return bytes
    }

    static func contents(_ kind: String, _ fixture: HistoryFixture) throws -> [UInt8] {
        switch kind {
        case "random bytes":
            var generator = SystemRandomNumberGenerator()
            return (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        case "text": return Array("servers:\n  pn51: up\nこれはデータベースではない\n".utf8)
        case "damaged pages": return try damagedDatabase(fixture)
        default: return Array(try realDatabase(fixture).dropLast(4096 * 3))  // truncated
        }
    }

    /// The bad file goes aside with the WAL found beside it (which SQLite would otherwise try
    /// to replay into the new database), both kept byte for byte.
    @Test(arguments: ["random bytes", "text", "truncated database"])
    func writerMovesAnUnreadableFileAsideAndStartsAgain(kind: String) throws {
        let fixture = try HistoryFixture()
        let bad = try Self.contents(kind, fixture)
        try fixture.write(bad, to: fixture.path)
        let staleWAL = Array("a WAL that belongs to the bad file".utf8)
        try fixture.write(staleWAL, to: fixture.path + "-wal")

        let database = try fixture.open(now: Self.now)
        #expect(database.movedAside == fixture.folder + "/" + Self.asideName)
        #expect(fixture.bytes(fixture.folder + "/" + Self.asideName) == bad, "kept byte for byte")
        #expect(fixture.bytes(fixture.folder + "/" + Self.asideName + "-wal") == staleWAL)
        try Self.expectFresh(database)
    }

    /// Damaged pages behind a sound header and schema are found by the first read that reaches
    /// them (`.corrupt`); the next open for writing verifies the pages and moves the file aside.
    /// An open without such a finding does not read the whole file.
    @Test func damagedPagesAreMovedAsideAtTheOpenAfterAReadMetThem() throws {
        let fixture = try HistoryFixture()
        let bad = try Self.damagedDatabase(fixture)
        try fixture.write(bad, to: fixture.path)
        do {
            let database = try fixture.open(now: Self.now)
            #expect(database.movedAside == nil, "not verified without a reason")
            #expect(throws: HistoryProblem.self) {
                _ = try database.serverIds()
                _ = try database.figures(serverId: "s1", window: .day, now: Self.now)
            }
        }
        let database = try fixture.open(now: Self.now)
        #expect(database.movedAside == fixture.folder + "/" + Self.asideName)
        #expect(fixture.bytes(fixture.folder + "/" + Self.asideName) == bad)
        try Self.expectFresh(database)
        #expect(!fixture.folderNames.contains { $0.hasSuffix("needs-check") })
    }

    /// A database that was found sound is used as it is, and the mark goes.
    @Test func aSoundDatabaseSurvivesItsCheck() throws {
        let fixture = try HistoryFixture()
        do {
            let database = try fixture.open()
            try database.record([ProbeSample(serverId: "pn51", at: Self.now, ok: true, latencyMs: 12)])
        }
        try fixture.write([], to: fixture.path + ".needs-check")
        let database = try fixture.open(now: Self.now)
        #expect(database.movedAside == nil)
        #expect(try database.serverIds() == ["pn51"])
        #expect(!fixture.folderNames.contains { $0.hasSuffix("needs-check") })
    }

    static func expectFresh(_ database: HistoryDatabase) throws {
        try database.record([ProbeSample(serverId: "pn51", at: Self.now, ok: true, latencyMs: 12)])
        #expect(try database.figures(serverId: "pn51", window: .day, now: Self.now).probes == 1)
        #expect(try database.serverIds() == ["pn51"])
    }

    /// A reader does not verify every page (that would cost every screen that opens history);
    /// damaged pages show as `.corrupt` when a read reaches them.
    @Test(arguments: ["random bytes", "text", "truncated database", "damaged pages"])
    func readerReportsAnUnreadableFileAndMovesNothing(kind: String) throws {
        let fixture = try HistoryFixture()
        let bad = try Self.contents(kind, fixture)
        try fixture.write(bad, to: fixture.path)
        let staleWAL = Array("a WAL that belongs to the bad file".utf8)
        try fixture.write(staleWAL, to: fixture.path + "-wal")
        let namesBefore = fixture.folderNames

        let result = HistoryDatabase.open(path: fixture.path, readOnly: true, now: Self.now)
        switch result {
        case .failure(.unreadable(let path, _)):
            #expect(path == fixture.path)
        case .success(let reader) where kind == "damaged pages":
            #expect(throws: HistoryProblem.self) {
                _ = try reader.serverIds()
                _ = try reader.figures(serverId: "s1", window: .day, now: Self.now)
            }
        default:
            Issue.record("expected unreadable, got \(result)")
        }
        // Nothing is moved, renamed or rewritten. A file that is not SQLite at all is not even
        // handed to SQLite; an SQLite file may get SQLite's own -shm (every reader of a WAL
        // file makes one). Damaged pages leave the mark that has the recorder verify the file.
        let sqliteFile = kind == "truncated database" || kind == "damaged pages"
        #expect(fixture.folderNames.filter { !sqliteFile || !$0.hasSuffix("-shm") && !$0.hasSuffix(".needs-check") }
            == namesBefore)
        #expect(fixture.folderNames.contains("history.sqlite3.needs-check") == (kind == "damaged pages"))
        #expect(fixture.bytes(fixture.path) == bad)
        #expect(fixture.bytes(fixture.path + "-wal") == staleWAL)
    }

    /// Another application's SQLite file, and ours from another schema version, are not ours
    /// to read: moved aside too (made with the sqlite3 command; version 4 is a later build's).
    @Test(arguments: ["CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me');",
                      "PRAGMA user_version = 4;"])
    func foreignOrOtherVersionDatabaseIsMovedAside(sql: String) throws {
        let fixture = try HistoryFixture()
        if sql.hasPrefix("PRAGMA") { _ = try fixture.open() }  // ours first, then another version
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        #expect(ShellCommand.run("sqlite3 '\(fixture.path)' \"\(sql)\"") == 0)
        let before = try #require(fixture.bytes(fixture.path))

        guard case .failure(.unreadable) = HistoryDatabase.open(path: fixture.path, readOnly: true, now: Self.now) else {
            Issue.record("a reader should refuse it")
            return
        }
        let database = try fixture.open(now: Self.now)
        #expect(database.movedAside == fixture.folder + "/" + Self.asideName)
        #expect(fixture.bytes(fixture.folder + "/" + Self.asideName) == before)
        #expect(try database.serverIds().isEmpty)
    }

    /// A second bad file in the same second gets `-2`; the first copy is untouched.
    @Test func asideNamesNeverCollide() throws {
        let fixture = try HistoryFixture()
        try fixture.write(Array("first".utf8), to: fixture.path)
        _ = try fixture.open(now: Self.now)
        try fixture.write(Array("second".utf8), to: fixture.path)
        let database = try fixture.open(now: Self.now)
        #expect(database.movedAside == fixture.folder + "/" + Self.asideName + "-2")
        #expect(fixture.bytes(fixture.folder + "/" + Self.asideName) == Array("first".utf8))
        #expect(fixture.bytes(fixture.folder + "/" + Self.asideName + "-2") == Array("second".utf8))
    }

    /// A good database is not moved, and a reader of a missing one creates nothing.
    @Test func goodAndMissingFilesStayAsTheyAre() throws {
        let fixture = try HistoryFixture()
        guard case .failure(.missing) = HistoryDatabase.open(path: fixture.path, readOnly: true, now: Self.now) else {
            Issue.record("a missing database should be reported as missing")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder), "a reader creates nothing")
        do { _ = try fixture.open() }
        let again = try fixture.open()
        #expect(again.movedAside == nil)
        #expect(fixture.folderNames.allSatisfy { !$0.contains("corrupt") })
    }
}
