import AppLoop
import BackendClient
import Fleet
import Localization
import SettingsStore
import Testing
import TestSupport

/// The fleet view's refresh (`FleetRuntime.start`) is a timer on the store's clock: on virtual
/// time it asks again exactly every `refreshSeconds`, and never after `stop`. The source is a
/// loopback port nobody listens on, so every answer is a quick refusal (real transfers).
@Suite("The fleet view's refresh, on virtual time")
@MainActor
struct FleetRefreshTests {
    @Test func asksAgainEveryRefreshAndNeverAfterStop() async throws {
        let virtual = VirtualClock()
        let rig = try LoopRig(language: .en, clock: virtual.clock)
        defer { rig.stop() }
        let source = try FleetSource(url: "http://127.0.0.1:9", tokenFile: nil,
                                     settings: TransportSettings(connectTimeoutMs: 5000, totalTimeoutMs: 5000))
        let runtime = FleetRuntime(store: rig.store, source: source, refreshSeconds: 15)
        defer { runtime.stop() }
        runtime.start()
        await virtual.advance(by: 14.999)
        #expect(runtime.answers == 0, "asked before the refresh was due")
        #expect(virtual.nextDue.map { abs($0 - 0.001) < 1e-9 } == true, "the refresh is due at 15 s: \(String(describing: virtual.nextDue))")
        await virtual.advance(by: 0.001)
        #expect(await Self.answers(runtime, reach: 1))
        await virtual.advance(by: 14.999)
        #expect(runtime.answers == 1, "asked again before the refresh was due")
        #expect(virtual.nextDue.map { abs($0 - 0.001) < 1e-9 } == true, "the next refresh is due at 30 s: \(String(describing: virtual.nextDue))")
        await virtual.advance(by: 0.001)
        #expect(await Self.answers(runtime, reach: 2))
        runtime.stop()
        await virtual.advance(by: 60)
        #expect(virtual.pendingCount == 0, "stop leaves no timer")
        #expect(runtime.answers == 2)
    }

    /// The query is a real transfer: polls (a condition with a deadline) for its answer.
    static func answers(_ runtime: FleetRuntime, reach count: Int) async -> Bool {
        await Eventually.holds(within: .seconds(60), every: .milliseconds(5)) { runtime.answers >= count }
        return runtime.answers == count
    }
}
