import AppCore
import Foundation
import History
import Testing
import TestSupport

/// A database another process keeps locked makes calls fail fast with `.busy`, never hang.
@Suite("History: a locked database")
struct BusyDatabaseTests {
    static let now: Int64 = 1_750_000_000_000

    /// A process in SQLite's exclusive locking mode keeps everyone out, readers too: opening
    /// (for writing or reading) reports `.busy` at once and never takes the file for corrupt.
    @Test func openFailsFastWhileAnotherProcessHoldsTheWholeFile() throws {
        let fixture = try HistoryFixture()
        do {
            let database = try fixture.open()
            try database.record([ProbeSample(serverId: "a", at: Self.now, ok: true, latencyMs: 10)])
        }
        let locker = try LockingProcess(
            "(printf \"PRAGMA locking_mode = EXCLUSIVE;\\nBEGIN EXCLUSIVE;\\nINSERT INTO meta VALUES (\\047stuck\\047, 1);\\n.shell touch READY\\n\"; sleep 60) | sqlite3 history.sqlite3",
            folder: fixture.folder)
        defer { locker.stop() }

        let clock = ContinuousClock()
        let started = clock.now
        for readOnly in [false, true] {
            switch HistoryDatabase.open(path: fixture.path, readOnly: readOnly, now: Self.now) {
            case .failure(.busy): break
            case let other: Issue.record("expected busy (readOnly \(readOnly)), got \(other)")
            }
        }
        #expect(clock.now - started < .seconds(10), "returned instead of waiting for the lock")
        #expect(fixture.folderNames.allSatisfy { !$0.contains("corrupt") })
    }

    @Test func recordFailsFastWhileAnotherProcessHoldsTheWriteLock() throws {
        let fixture = try HistoryFixture()
        do {
            let database = try fixture.open()
            try database.record([ProbeSample(serverId: "a", at: Self.now, ok: true, latencyMs: 10)])
        }
        // The sqlite3 command takes the write lock and keeps it until its input ends (60 s).
        let locker = try LockingProcess(
            "(printf \"BEGIN EXCLUSIVE;\\nINSERT INTO meta VALUES (\\047stuck\\047, 1);\\n.shell touch READY\\n\"; sleep 60) | sqlite3 history.sqlite3",
            folder: fixture.folder)
        defer { locker.stop() }

        let clock = ContinuousClock()
        let started = clock.now
        let writer = HistoryDatabase.open(path: fixture.path, readOnly: false, now: Self.now)
        switch writer {
        case .success(let database):
            #expect(throws: HistoryProblem.self) {
                try database.record([ProbeSample(serverId: "a", at: Self.now + 10_000, ok: true, latencyMs: 10)])
            }
            do {
                try database.record([ProbeSample(serverId: "a", at: Self.now + 20_000, ok: true, latencyMs: 10)])
            } catch {
                guard case .busy = error else { Issue.record("expected busy, got \(error)"); return }
            }
            #expect(throws: HistoryProblem.self) { _ = try database.markAlerted(key: "k", at: Self.now) }
        case .failure(let problem):
            guard case .busy = problem else { Issue.record("expected busy, got \(problem)"); return }
        }
        #expect(clock.now - started < .seconds(10), "returned instead of waiting for the lock")
        // Readers are not held up (WAL): the figures still come.
        let reader = try fixture.openReadOnly()
        #expect(try reader.figures(serverId: "a", window: .day, now: Self.now).probes == 1)
        // The file was not taken for corrupt.
        #expect(fixture.folderNames.allSatisfy { !$0.contains("corrupt") })

        locker.stop()
        let database = try fixture.open()
        var recorded = false
        // The killed process's lock goes with its descriptors.
        Eventually.holdsBlocking(within: .seconds(5), every: .milliseconds(50)) {
            recorded = (try? database.record([ProbeSample(serverId: "a", at: Self.now + 30_000, ok: true, latencyMs: 10)])) != nil
            return recorded
        }
        #expect(recorded)
        #expect(try database.figures(serverId: "a", window: .day, now: Self.now + 30_000).probes == 2)
    }
}
