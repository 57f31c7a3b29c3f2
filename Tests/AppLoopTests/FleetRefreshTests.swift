import AppLoop
import BackendClient
import Connectivity
import Fleet
import Localization
import SettingsStore
import Testing
import TestSupport

/// The fleet view's query is the one effect runner's work: `queryFleet` runs it, the runner's
/// own timer repeats it every `refreshSeconds` on the store's clock, its answer comes back as
/// an event, and the runner's stop cancels the query in flight and the refresh.
@Suite("The fleet view's query, run by the effect runner", .serialized)
@MainActor
struct FleetRefreshTests {
    /// Counts the queries the runner asks the engine for.
    final class Asked {
        var count = 0
    }

    /// The runtime's query, counted, as the runner's fleet engine.
    static func engine(_ runtime: FleetRuntime, _ asked: Asked) -> FleetEngine {
        FleetEngine(clock: runtime.clock, refreshSeconds: runtime.refreshSeconds) {
            asked.count += 1
            return runtime.query()
        }
    }

    /// The source is a loopback port nobody listens on, so every answer is a quick refusal
    /// (real transfers); time between the queries is virtual.
    @Test func asksAgainEveryRefreshAndNeverAfterStop() async throws {
        let virtual = VirtualClock()
        let rig = try LoopRig(language: .en, clock: virtual.clock)
        defer { rig.stop() }
        let source = try FleetSource(url: "http://127.0.0.1:9", tokenFile: nil,
                                     settings: TransportSettings(connectTimeoutMs: 5000, totalTimeoutMs: 5000))
        let runtime = FleetRuntime(clock: rig.store.clock, source: source, refreshSeconds: 15)
        let runner = try #require(rig.loop.runner)
        let asked = Asked()
        runner.attach(fleet: Self.engine(runtime, asked))
        #expect(runner.timersSet == [.fleetRefresh])
        rig.loop.send(.fleetOpened(source: source.baseURL, at: rig.store.clock.now()))
        #expect(asked.count == 1, "the view's opening asks at once (`queryFleet`)")
        // The answer comes back as an event: the refusal is on the view.
        #expect(await Self.answered(rig, runner))
        await virtual.advance(by: 14.999)
        #expect(asked.count == 1, "asked before the refresh was due")
        #expect(virtual.nextDue.map { abs($0 - 0.001) < 1e-9 } == true, "the refresh is due at 15 s: \(String(describing: virtual.nextDue))")
        await virtual.advance(by: 0.001)
        #expect(asked.count == 2)
        #expect(await Self.answered(rig, runner))
        await virtual.advance(by: 14.999)
        #expect(asked.count == 2, "asked again before the refresh was due")
        #expect(virtual.nextDue.map { abs($0 - 0.001) < 1e-9 } == true, "the next refresh is due at 30 s: \(String(describing: virtual.nextDue))")
        await virtual.advance(by: 0.001)
        #expect(asked.count == 3)
        #expect(await Self.answered(rig, runner))
        rig.loop.stop()
        #expect(runner.timersSet.isEmpty)
        await virtual.advance(by: 60)
        #expect(virtual.pendingCount == 0, "the runner's stop leaves no refresh")
        #expect(asked.count == 3)
    }

    /// One query at a time: `r` while one is in flight asks nothing more (its answer serves).
    /// Then the runner's stop cancels the query in flight: its connection to a server that
    /// never answers is closed long before the 30 s it would take to time out, and no answer
    /// ever comes back.
    @Test func theRunnersStopCancelsTheQueryInFlight() async throws {
        let demo = try await DemoBackendProcess.start(initialModes: ["pn51": "hang"])
        defer { _ = demo.stop() }
        let rig = try LoopRig(language: .en)
        defer { rig.stop() }
        let settings = TransportSettings(connectTimeoutMs: 30_000, totalTimeoutMs: 30_000,
                                         caBundle: CABundle(path: demo.caFile, source: .commandLine),
                                         connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) })
        let source = try FleetSource(url: try #require(demo.rootURL(of: "pn51")), tokenFile: nil, settings: settings)
        let runner = try #require(rig.loop.runner)
        let asked = Asked()
        runner.attach(fleet: Self.engine(FleetRuntime(clock: rig.store.clock, source: source), asked))
        rig.loop.send(.fleetOpened(source: source.baseURL, at: rig.store.clock.now()))
        #expect(runner.keysInFlight == ["fleet"])
        rig.press(.character("r"))
        #expect(asked.count == 1, "a second query while one is in flight")
        // The query reached the silent server and waits there.
        #expect(await Eventually.holds(within: .seconds(60), every: .milliseconds(5)) { ((try? demo.stats())?.servers["pn51"]?.openConnections ?? 0) > 0 })

        rig.loop.stop()
        #expect(runner.keysInFlight.isEmpty && runner.isIdle)
        #expect(await Eventually.holds(within: .seconds(20)) { (try? demo.stats())?.servers["pn51"]?.openConnections == 0 },
                "the cancelled query's connection is still open")
        #expect(rig.app.screen.fleet?.problem == nil && rig.app.screen.fleet?.answeredAt == nil,
                "a cancelled query answered")
    }

    /// The view shows an answer (the refusal), and the runner has no fleet query in flight:
    /// the fleet's own work, which is what the next step's count is about (the runner's other
    /// work, an app-state write, is not). The answer's way back is several hops on Swift's
    /// cooperative pool, two threads on this machine: alone it takes 0.04 s, beside the reducer's
    /// property tests 23 s for the whole test, and in two full runs the first answer came after
    /// more than 60 s (the rest of the test passed). The bound is for a broken test only.
    static func answered(_ rig: LoopRig, _ runner: EffectRunner) async -> Bool {
        let shown = await Eventually.holds(within: .seconds(240), every: .milliseconds(5)) {
            rig.app.screen.fleet?.problem != nil && !runner.keysInFlight.contains("fleet")
        }
        // The next answer is told apart from this one.
        rig.loop.send(.fleetAnswered(rows: [], at: rig.store.clock.now()))
        return shown
    }
}
