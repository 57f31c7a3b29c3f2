import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// The interactive app's watch: it follows the results of its own loop (the server in use,
/// re-tested at once after one failure), and when it records, its rounds test every other
/// known server; it records all of them and alerts from them (SPEC §15.2).
@Suite("Watch in the app")
struct WatchAppRoleTests {
    static let inUse = ServerCatalog.defaultServerId
    static let input = zip(Gen.int(in: 1...3), WatchStoryGen.script, Gen.int(in: 1...40))

    @Test("the recording app tests every known server, the one in use only by its own loop; records and alerts from all")
    func appAlertsFromItsOwnResults() async {
        await propertyCheck(count: 100, input: zip(Self.input, WatchStoryGen.script)) { first, other in
            let (upConfirmations, script, timers) = first
            var world = AppWatchWorld(scripts: [Self.inUse: script.map(\.ok), "mac-mini": other.map(\.ok)],
                                      upConfirmations: upConfirmations)
            for _ in 0..<timers { world.fireTimer() }
            world.drain()
            let story = "up after \(upConfirmations); \(script.map { $0.ok ? "u" : "D" }.joined()); "
                + "mac-mini \(other.map { $0.ok ? "u" : "D" }.joined()); \(timers) timers"
            let violations = OutageOracle(world: world).violations()
            #expect(violations.isEmpty, "\(story)\n  \(violations.joined(separator: "\n  "))")
            // The server in use is tested once per interval: by the app's own loop, never by a round.
            let roundTested = world.effects.flatMap { effect -> [String] in
                if case .testServers(let servers, _, _) = effect { servers.map(\.id) } else { [] }
            }
            #expect(!roundTested.contains(Self.inUse), "\(story)")
            let recorded = world.effects.flatMap { effect -> [DetailedStatus] in
                if case .record(let results, _) = effect { results } else { [] }
            }
            #expect(recorded == world.tested, "\(story)")
            #expect(Set(world.samples.keys) == Set(world.serverIds), "\(story): tested \(world.samples.keys)")
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
