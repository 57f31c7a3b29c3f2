import Foundation
import Testing
import BackendClient
import SettingsStore
import TestSupport
@testable import Connectivity

/// The one effect runner against the demo backend: work a newer effect supersedes is
/// cancelled, not left to run out and be ignored by its generation.
@Suite("Effect runner (demo backend)", .serialized)
@MainActor
struct EffectRunnerTests {
    /// A probe of a server that never answers, superseded by a probe of another: the first
    /// transfer is cancelled at once (its connection closes, nothing is delivered), long before
    /// the 30 s the server's silence would take to time out. It used to run to its timeout.
    @Test func aProbeSupersededByANewerOneIsCancelled() async throws {
        let rig = try await DemoRig(settings: ["probe_interval": 300, "connection_timeout": 30],
                                    initialModes: ["mac-mini": "hang"])
        defer { rig.stop() }
        let runtime = try #require(rig.runtime)
        let runner = runtime.runner
        #expect(await waitUntil { rig.state.connectivity.activeSwitch == nil && runner.isIdle && rig.state.connectionStatus == .connected })
        _ = runner.run([.probe(rig.server("mac-mini"), generation: 1_000)])
        #expect(runner.keysInFlight == ["probe"])
        // The probe reached the silent server and waits there.
        #expect(await waitUntil(timeout: .seconds(20)) { ((try? rig.demo.stats())?.servers["mac-mini"]?.openConnections ?? 0) > 0 })

        _ = runner.run([.probe(rig.server("pn51"), generation: 1_001)])
        #expect(await waitUntil(timeout: .seconds(20)) { runner.isIdle }, "the superseded probe still runs")
        #expect(await waitUntil(timeout: .seconds(10)) { (try? rig.demo.stats())?.servers["mac-mini"]?.openConnections == 0 },
                "the superseded probe's connection is closed")
        #expect(rig.state.detailedStatus?.serverId == "pn51")
    }

    /// The probe of the server in use, superseded by a switch to another server (the switch
    /// ends the watch the probe belonged to): cancelled at once, so nothing is in flight once
    /// the switch is done, long before the 30 s the silent server would hold the probe. It used
    /// to run on to its timeout, its result dropped by generation. (Its connection may be one
    /// the pool kept from the start's test, so the backend's count says nothing here.)
    @Test func aProbeSupersededByASwitchIsCancelled() async throws {
        let rig = try await DemoRig(settings: ["probe_interval": 300, "connection_timeout": 30])
        defer { rig.stop() }
        let runner = try #require(rig.runtime).runner
        #expect(await waitUntil { rig.state.connectivity.activeSwitch == nil && runner.isIdle && rig.state.connectionStatus == .connected })
        try rig.demo.setMode("pn51", "hang")
        let before = try rig.demo.stats().requests("pn51", "/health")
        rig.store.refreshConnectionStatus()
        #expect(runner.keysInFlight == ["probe"])
        // The probe reached the silent server and waits there.
        #expect(await waitUntil(timeout: .seconds(20)) { ((try? rig.demo.stats())?.requests("pn51", "/health") ?? 0) > before })

        try rig.store.selectServer(id: "mac-mini")
        // Cancelled as the switch began: the probe's task is no longer the runner's.
        #expect(!runner.keysInFlight.contains("probe"), "the superseded probe still runs")
        // The switch then ends on its own (on a loaded machine its four checks may take seconds:
        // the deadline is a bound on the test, not the figure under test).
        #expect(await waitUntil(timeout: .seconds(90)) { runner.isIdle && rig.state.connectivity.activeSwitch == nil },
                "the switch did not end")
        #expect(rig.state.currentServer.id == "mac-mini")
    }

    /// A timer scheduled again replaces the one set before: one timer of each id at a time,
    /// and `nil` cancels the pane's.
    @Test func aTimerScheduledAgainReplacesTheOneBefore() async throws {
        let rig = try await DemoRig(settings: ["probe_interval": 300])
        defer { rig.stop() }
        let runner = try #require(rig.runtime).runner
        _ = runner.run([.schedulePaneRetest(after: 600), .schedulePaneRetest(after: 700)])
        #expect(runner.timersSet.contains(.paneRetest))
        _ = runner.run([.schedulePaneRetest(after: nil)])
        #expect(!runner.timersSet.contains(.paneRetest))
    }

    /// A server's `/api/config` is the state's (it used to be kept by the runtime alone): its
    /// switch test puts it there, and it is what is saved when the app switches away.
    @Test func aServersConfigIsInTheStateAndSavedFromIt() async throws {
        let rig = try await DemoRig(settings: ["probe_interval": 300])
        defer { rig.stop() }
        let runtime = try #require(rig.runtime)
        #expect(await waitUntil { rig.state.connectionStatus == .connected })
        try rig.store.selectServer(id: "mac-mini")
        await runtime.waitUntilIdle()
        let config = try #require(rig.state.connectivity.serverConfigs["mac-mini"])
        let object = try JSONSerialization.jsonObject(with: Data(config)) as? [String: Any]
        #expect(object?["hostname"] != nil)
        try rig.store.selectServer(id: "pn51")
        await runtime.waitUntilIdle()
        #expect(ServerDataStore(paths: rig.home.paths).restore(rig.server("mac-mini")).config.map(Array.init) == config)
    }
}

/// `waitUntilIdle` is a condition the runner signals, not a poll: it returns once the last
/// effect in flight has ended and delivered, not when the first one does.
@Suite("Effect runner's idle wait (demo backend)", .serialized)
@MainActor
struct EffectRunnerIdleTests {
    /// A probe of the slow server in use (1.5 s a request) and a row test of a quick one, in flight
    /// together: the row test ends first. Idle signalled then (at the first task's end) would
    /// return with the probe still running and its result not in the state; idle never
    /// signalled would hang to the time limit.
    @Test(.timeLimit(.minutes(1)))
    func idleComesWhenTheLastEffectEndsNotTheFirst() async throws {
        let rig = try await DemoRig(settings: ["probe_interval": 300, "connection_timeout": 30])
        defer { rig.stop() }
        let runner = try #require(rig.runtime).runner
        await runner.waitUntilIdle()
        #expect(runner.isIdle && rig.state.connectivity.activeSwitch == nil)
        let generation = try #require(rig.state.connectivity.monitor?.generation)
        let before = try #require(rig.state.detailedStatus?.lastChecked)
        // The server in use (pn51) slow, the row's server quick.
        try rig.demo.setMode("pn51", "slow")
        _ = runner.run([.probe(rig.server("pn51"), generation: generation), .testRow(rig.server("mac-mini"), generation: 1)])
        #expect(runner.keysInFlight == ["probe", "row:mac-mini"])
        await runner.waitUntilIdle()
        #expect(runner.isIdle && runner.keysInFlight.isEmpty, "idle while \(runner.keysInFlight) still ran")
        #expect((rig.state.detailedStatus?.lastChecked ?? 0) > before, "the slow probe's result is not in the state")
    }
}
