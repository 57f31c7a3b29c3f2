import Foundation
import Glibc
import Testing
import TestSupport

/// Stopping the monitor (SPEC §15.1: SIGTERM and SIGINT stop it cleanly after the round in
/// flight) and who records afterwards (§15.2: one process per home records, a lock decides).
@Suite("monitor: stopping and taking over", .serialized)
struct MonitorStopTests {
    @Test("SIGTERM while a round's alert is being delivered: every hook and the webhook still get it")
    func stopDuringDelivery() async throws {
        let rig = try await MonitorRig()
        // 10-slow says it started, then takes 3 s; 50-record runs after it (name order).
        let started = rig.home.path + "/slow-started"
        try rig.hooks.installSlow("10-slow", seconds: 3, marker: started)
        try rig.hooks.install("50-record")
        let monitor = try await rig.startMonitor()

        try rig.demo.setMode("mac-mini", "down")
        let delivering = await eventually(seconds: 60) { FileManager.default.fileExists(atPath: started) }
        try #require(delivering, "\(rig.log)")
        #expect(await rig.stop(monitor) == 0, "\(monitor.standardError)")
        // The monitor has ended: what it delivered is all there will be.
        let (hook, webhook) = rig.delivered()
        #expect(hook.map(\.event) == ["server_down"], "the hook after the slow one ran before the exit: \(rig.log)")
        #expect(webhook.map(\.event) == ["server_down"], "\(rig.log)")
    }

    @Test("the recording monitor stops: the other monitor on the home records and alerts from then on")
    func secondMonitorTakesOver() async throws {
        let rig = try await MonitorRig(webhook: false)
        try rig.hooks.install("50-record")
        let first = try await rig.startMonitor("first")
        try await rig.startMonitor("second")
        #expect(await rig.stop(first) == 0)

        try rig.demo.setMode("mac-mini", "down")
        let bound = MonitorRig.probeInterval + MonitorRig.connectionTimeout + 1 + MonitorRig.slack
        let alerted = await rig.waitFor("server_down", "mac-mini", seconds: bound)
        let incidents = try await rig.incidents("mac-mini")
        #expect(alerted, "\(rig.log)")
        #expect(incidents.count == 1, "\(incidents)")
    }
}
