import AppCore
import Foundation
import History
import Testing

/// A round's results are written in one transaction (SPEC §13: idle while recording): the server
/// in use, the round's other servers and a confirming re-test arrive apart and are staged, then
/// committed together. Commits are counted in the real `-wal` file, as SQLite wrote it: each
/// ends with a frame that carries the database's size (`WALCommits`).
@Suite("History: one transaction per round")
struct RoundTransactionTests {
    static let now: Int64 = 1_750_000_000_000

    /// Three rounds as the recorder sees them: per round, the server in use on its own, the
    /// other servers together, and a confirming re-test of a failure.
    static func rounds() -> [[[ProbeSample]]] {
        (0..<3).map { round in
            let at = now + Int64(round) * 10_000
            return [
                [ProbeSample(serverId: "pn51", at: at, ok: true, latencyMs: 12)],
                [ProbeSample(serverId: "mac-mini", at: at + 5, ok: true, latencyMs: 30),
                 ProbeSample(serverId: "tailscale", at: at + 7, ok: false, latencyMs: nil, reasonCode: "timeout")],
                [ProbeSample(serverId: "tailscale", at: at + 900, ok: false, latencyMs: nil, reasonCode: "timeout",
                             confirming: true)],
            ]
        }
    }

    @Test func aRoundIsOneCommitOfEveryResult() throws {
        let staged = try HistoryFixture()
        let database = try staged.open()
        let wal = staged.path + "-wal"
        for round in Self.rounds() {
            let before = try WALCommits.count(wal)
            for part in round { database.stage(part) }
            #expect(try WALCommits.count(wal) == before, "staging wrote to the file")
            #expect(database.stagedCount == round.joined().count)
            try database.commitRound()
            #expect(try WALCommits.count(wal) == before + 1, "a round is one transaction")
            #expect(database.stagedCount == 0)
        }
        // The figures are those of the same results recorded one call at a time.
        let direct = try HistoryFixture()
        let reference = try direct.open()
        for part in Self.rounds().joined() { try reference.record(part) }
        let now = Self.now + 40_000
        for server in ["pn51", "mac-mini", "tailscale"] {
            let figures = try database.figures(serverId: server, now: now)
            #expect(figures == (try reference.figures(serverId: server, now: now)), "\(server)")
            #expect(figures[.day]?.probes ?? 0 > 0, "\(server) was recorded")
        }
    }

    @Test func aRoundWithNothingStagedWritesNothing() throws {
        let fixture = try HistoryFixture()
        let database = try fixture.open()
        try database.record([ProbeSample(serverId: "pn51", at: Self.now, ok: true, latencyMs: 12)])
        let before = try WALCommits.count(fixture.path + "-wal")
        try database.commitRound()
        #expect(try WALCommits.count(fixture.path + "-wal") == before)
    }
}

/// Commit frames in a SQLite write-ahead log (sqlite.org/fileformat2.html#walformat): a 32-byte
/// header (page size at byte 8, salts at 16 and 20, big-endian), then frames of a 24-byte header
/// and a page. A frame whose bytes 4…7 are not zero ends a commit; frames whose salts differ
/// from the header's are left over from before the log restarted and do not count.
enum WALCommits {
    static func count(_ path: String) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 32 else { return 0 }
        let bytes = [UInt8](data)
        func word(_ at: Int) -> UInt32 {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let pageSize = Int(word(8))
        guard pageSize > 0 else { return 0 }
        let salts = (word(16), word(20))
        var commits = 0
        var frame = 32
        while frame + 24 + pageSize <= bytes.count, (word(frame + 8), word(frame + 12)) == salts {
            if word(frame + 4) != 0 { commits += 1 }
            frame += 24 + pageSize
        }
        return commits
    }
}
