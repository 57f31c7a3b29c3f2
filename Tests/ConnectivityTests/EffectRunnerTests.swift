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
        #expect(((try? rig.demo.stats())?.servers["mac-mini"]?.openConnections ?? -1) == 0,
                "the superseded probe's connection is closed")
        #expect(rig.state.detailedStatus?.serverId == "pn51")
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
}
