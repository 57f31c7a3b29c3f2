import Testing
@testable import SettingsStore

/// History weighs a confirming re-test as a replacement of the result it confirms, so the watch
/// says which recorded results are re-tests (`.record(_, confirming:)`).
@Suite("Watch: confirming re-tests are recorded as such")
struct WatchConfirmingRecordTests {
    /// The monitor: a round's results are recorded as ordinary results; the re-tests of the
    /// same round (a first failure, an up-confirmation) as confirming ones, exactly those.
    @Test func theMonitorMarksTheRoundsReTests() {
        var world = WatchWorld(scripts: ["pn51": WatchStoryTests.script("uDDDuuuDuu")], upConfirmations: 3)
        world.rounds(8)
        let tests = world.effects.compactMap { item -> (servers: [String], confirming: Bool)? in
            if case let .testServers(servers, _, confirming) = item.effect { (servers.map(\.id), confirming) } else { nil }
        }
        let records = world.effects.compactMap { item -> (servers: [String], confirming: Bool)? in
            if case let .record(results, confirming) = item.effect { (results.map(\.serverId), confirming) } else { nil }
        }
        #expect(records.count == tests.count && zip(records, tests).allSatisfy { $0.servers == $1.servers && $0.confirming == $1.confirming },
                "records \(records)\ntests \(tests)")
        #expect(records.contains { $0.confirming } && records.contains { !$0.confirming })
    }

    /// The app: the result of the server in use after a first failure is its re-test (§6.4); no
    /// other is. (The recording app's rounds test the other servers: their records are theirs.)
    @Test func theAppMarksTheReTestOfAFirstFailure() {
        let inUse = ServerCatalog.defaultServerId
        let script = [true, false, true, true, false, false, false, true, true, true]
        var world = AppWatchWorld(scripts: [inUse: script], upConfirmations: 2)
        for _ in 0..<30 { world.fireTimer() }
        world.drain()
        let flags = world.effects.flatMap { effect -> [Bool] in
            guard case let .record(results, confirming) = effect else { return [] }
            return results.filter { $0.serverId == inUse }.map { _ in confirming }
        }
        let tested = world.tested.filter { $0.serverId == inUse }.map(\.isHealthy)
        #expect(tested.count >= 8, "\(tested)")
        // Confirming: a result whose predecessor was a failure after a success (or the first result).
        let expected = tested.indices.map { index in
            index >= 1 && !tested[index - 1] && (index == 1 || tested[index - 2])
        }
        #expect(flags == expected, "tested \(tested)")
    }
}
