import PropertyBased
import Testing
@testable import SettingsStore

@Suite("ServerHistory")
struct ServerHistoryTests {
    private static func entry(_ id: String, _ time: Double, ok: Bool = true) -> ServerHistoryEntry {
        ServerHistoryEntry(serverId: id, lastUsed: time, successful: ok, durationMs: 1)
    }

    @Test func newestFirstAndOnePerServer() {
        var history: [ServerHistoryEntry] = []
        history = ServerHistory.recording(Self.entry("a", 1), into: history)
        history = ServerHistory.recording(Self.entry("b", 2), into: history)
        history = ServerHistory.recording(Self.entry("a", 3, ok: false), into: history)
        #expect(history.map(\.serverId) == ["a", "b"])
        #expect(history.first?.successful == false)
    }

    @Test func keepsAtMostTenDroppingTheOldest() {
        var history: [ServerHistoryEntry] = []
        for index in 0..<15 {
            history = ServerHistory.recording(Self.entry("s\(index)", Double(index)), into: history)
        }
        #expect(history.count == ServerHistoryEntry.limit)
        #expect(history.map(\.serverId) == (5..<15).reversed().map { "s\($0)" })
    }

    @Test func normalizedSortsDeduplicatesAndCaps() {
        let raw = [Self.entry("a", 1), Self.entry("b", 5), Self.entry("a", 9)] + (0..<12).map { Self.entry("x\($0)", 2) }
        let history = ServerHistory.normalized(raw)
        #expect(history.count == ServerHistoryEntry.limit)
        #expect(history.first?.serverId == "b")
        // The first of the duplicates wins (a at time 1 is older than every x).
        #expect(!history.contains { $0.serverId == "a" })
        #expect(zip(history, history.dropFirst()).allSatisfy { $0.lastUsed >= $1.lastUsed })
    }

    /// Random sequences of records: newest first, at most 10, unique ids; every kept entry is
    /// the latest recorded for its server; the entry just recorded is kept unless ten newer
    /// ones exist; with at most ten servers nothing is dropped.
    @Test func historyRulesHoldForRandomSequences() async {
        let records = zip(Gen.int(in: 0...14), Gen.int(in: 0...40), Gen.bool).array(of: 0...60)
        await propertyCheck(input: records) { records in
            var history: [ServerHistoryEntry] = []
            var latest: [String: ServerHistoryEntry] = [:]
            for (server, time, ok) in records {
                let entry = ServerHistoryEntry(serverId: "s\(server)", lastUsed: Double(time), successful: ok,
                                               durationMs: Double(time) / 2)
                history = ServerHistory.recording(entry, into: history)
                latest[entry.serverId] = entry

                #expect(history.count <= ServerHistoryEntry.limit)
                #expect(Set(history.map(\.serverId)).count == history.count)
                #expect(zip(history, history.dropFirst()).allSatisfy { $0.lastUsed >= $1.lastUsed })
                #expect(history.allSatisfy { latest[$0.serverId] == $0 })
                #expect(ServerHistory.normalized(history) == history)
                let kept = history.contains(entry)
                let crowdedOut = history.count == ServerHistoryEntry.limit
                    && history.allSatisfy { $0.lastUsed >= entry.lastUsed }
                #expect(kept || crowdedOut)
            }
            if latest.count <= ServerHistoryEntry.limit {
                #expect(Set(history.map(\.serverId)) == Set(latest.keys))
            }
        }
    }
}
