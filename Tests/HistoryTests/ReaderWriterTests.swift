import AppCore
import Foundation
import History
import Testing

/// One writer, any readers (WAL), and the folder's mode.
@Suite("History: readers and the writer")
struct ReaderWriterTests {
    static let now: Int64 = 1_750_000_000_000

    @Test func aReaderSeesWhatTheWriterRecordsAfterItOpened() throws {
        let fixture = try HistoryFixture()
        let writer = try fixture.open()
        let reader = try fixture.openReadOnly()
        #expect(try reader.figures(serverId: "a", window: .day, now: Self.now).probes == 0)
        try writer.record([ProbeSample(serverId: "a", at: Self.now, ok: false, latencyMs: nil, reasonCode: "timeout")])
        // The failure has stood for 5 s of the window when the reader asks.
        let figures = try reader.figures(serverId: "a", window: .day, now: Self.now + 5_000)
        #expect(figures.probes == 1 && figures.uptimeRatio == 0 && figures.coveredMs == 5_000 && figures.p50Ms == nil)
        #expect(try reader.serverIds() == ["a"])
        #expect(throws: HistoryProblem.readOnly) { try reader.record([]) }
        #expect(throws: HistoryProblem.readOnly) { try reader.prune(now: Self.now) }
        #expect(throws: HistoryProblem.readOnly) { _ = try reader.markAlerted(key: "k", at: Self.now) }
    }

    /// After the writer has closed (its WAL gone), a reader still opens the file.
    @Test func aReaderOpensAfterTheWriterClosed() throws {
        let fixture = try HistoryFixture()
        do {
            let writer = try fixture.open()
            try writer.record([ProbeSample(serverId: "a", at: Self.now, ok: true, latencyMs: 7)])
        }
        let reader = try fixture.openReadOnly()
        #expect(try reader.figures(serverId: "a", window: .week, now: Self.now).p99Ms == 10)
    }

    /// The folder is created private (0700) with its missing parents; a symbolic link in place
    /// of the database is refused, and what it points to is not touched.
    @Test func folderIsPrivateAndALinkedDatabaseIsRefused() throws {
        let fixture = try HistoryFixture()
        _ = try fixture.open()
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.folder)[.posixPermissions] as? Int
        #expect(mode == 0o700)

        let other = try HistoryFixture()
        try other.write(Array("not yours".utf8), to: other.folder + "/decoy")
        try FileManager.default.createSymbolicLink(atPath: other.path, withDestinationPath: other.folder + "/decoy")
        let result = HistoryDatabase.open(path: other.path, readOnly: false, now: Self.now)
        guard case .failure(.refused) = result else {
            Issue.record("a symbolic link should be refused, got \(result)")
            return
        }
        #expect(other.bytes(other.folder + "/decoy") == Array("not yours".utf8))
        #expect(other.folderNames == ["decoy", "history.sqlite3"])
    }
}
