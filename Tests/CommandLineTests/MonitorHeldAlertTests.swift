import Foundation
import Testing
import TestSupport

/// SPEC §15.3 across restarts of the real `monitor`: a `server_up` a mute holds when the monitor
/// stops is kept in the outbox, and whichever monitor runs when the mute ends sends it, once,
/// with history on or off.
@Suite("monitor: an alert held by a mute outlives restarts", .serialized)
struct MonitorHeldAlertTests {
    @Test(arguments: [true, false])
    func heldServerUpIsSentByALaterMonitor(history: Bool) async throws {
        let rig = try await MonitorRig(webhook: false, settings: ["history_enabled": history])
        try rig.hooks.install("50-record")
        let first = try await rig.startMonitor("first")
        try rig.demo.setMode("mac-mini", "down")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.log)")

        let muted = try await rig.run(["mute", "mac-mini", "--for", "40s"])
        #expect(muted.exitCode == 0, "\(muted)")
        let until = try #require(rig.muteEnds("mac-mini"), "mutes.json")
        try rig.demo.setMode("mac-mini", "up")
        // Up: two successes (a round and its re-test) close the incident; the mute holds server_up.
        try await rig.waitForRounds(3, "first")
        #expect(await rig.stop(first) == 0)

        // A monitor that starts and stops inside the mute: it holds it too, and sends nothing.
        let second = try await rig.startMonitor("second")
        try await rig.waitForRounds(2, "second")
        #expect(await rig.stop(second) == 0)
        try #require(Date().timeIntervalSince1970 < until, "the restarts took longer than the mute: nothing was tested")
        #expect(rig.delivered().hook.map(\.event) == ["server_down"], "muted: \(rig.delivered().hook)")

        // The third runs when the mute ends: it sends the server_up then, once.
        _ = try await rig.startMonitor("third")
        #expect(await rig.waitFor("server_up", "mac-mini", seconds: until - Date().timeIntervalSince1970 + MonitorRig.slack),
                "\(rig.log)")
        try await rig.waitForRounds(2, "third")
        let hook = rig.delivered().hook
        #expect(hook.map { "\($0.event) \($0.serverId)" } == ["server_down mac-mini", "server_up mac-mini"], "\(hook)")
        if let up = hook.last, up.event == "server_up" {
            print("the held server_up left \(String(format: "%.2f", up.receivedAt - until)) s after the mute ended (history \(history))")
            #expect(up.receivedAt >= until, "not before the mute's end (\(until)): \(up.receivedAt)")
            #expect(up.resolvedOnStart == false, "the first monitor saw it end: \(up)")
            #expect(up.since == hook.first?.since, "the server_down's outage: \(up)")
        }
    }
}
