import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// The interactive app's watch: it has no rounds; it follows the results of its own loop (the
/// server in use, re-tested at once after one failure), records them and alerts from them.
@Suite("Watch in the app")
struct WatchAppRoleTests {
    static let inUse = ServerCatalog.defaultServerId
    static let input = zip(Gen.int(in: 1...3), WatchStoryGen.script, Gen.int(in: 1...40))

    @Test("the app records and alerts from the results of the server in use, confirmed by its own re-test; never testServers")
    func appAlertsFromItsOwnResults() async {
        await propertyCheck(count: 100, input: Self.input) { upConfirmations, script, timers in
            var world = AppWatchWorld(scripts: [Self.inUse: script.map(\.ok)], upConfirmations: upConfirmations)
            for _ in 0..<timers { world.fireTimer() }
            world.drain()
            let story = "up after \(upConfirmations); \(script.map { $0.ok ? "u" : "D" }.joined()); \(timers) timers"
            let violations = OutageOracle(world: world).violations()
            #expect(violations.isEmpty, "\(story)\n  \(violations.joined(separator: "\n  "))")
            #expect(!world.effects.contains { if case .testServers = $0 { true } else { false } }, "\(story)")
            let recorded = world.effects.flatMap { effect -> [DetailedStatus] in
                if case .record(let results, _) = effect { results } else { [] }
            }
            #expect(recorded == world.tested, "\(story)")
            #expect(world.samples.keys.allSatisfy { $0 == Self.inUse }, "\(story): tested \(world.samples.keys)")
        }
    }

    @Test("an app that does not record neither records nor alerts nor writes incidents")
    func appThatDoesNotRecord() async {
        await propertyCheck(count: 100, input: Self.input) { upConfirmations, script, timers in
            var world = AppWatchWorld(scripts: [Self.inUse: script.map(\.ok)], upConfirmations: upConfirmations,
                                      isRecording: false)
            for _ in 0..<timers { world.fireTimer() }
            world.drain()
            let written = world.effects.filter(\.writesOrAlerts)
            #expect(written.isEmpty, "\(script.map { $0.ok ? "u" : "D" }.joined()): \(written)")
            #expect(world.tested.count >= timers / 2)
        }
    }
}
