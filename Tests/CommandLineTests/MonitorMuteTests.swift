import Foundation
import Testing
import TestSupport

/// `mute` and `unmute` against a running monitor (SPEC §15.3): probing and recording go on,
/// alerts wait; what is still true when the mute ends is alerted then, once.
@Suite("monitor: mute and unmute", .serialized)
struct MonitorMuteTests {
    @Test("a muted server alerts nothing while down and up, and history still records the incident")
    func mutedOutage() async throws {
        let rig = try await MonitorRig(webhook: false)
        try rig.hooks.install("50-record")
        try await rig.startMonitor()
        let muted = try await rig.run(["mute", "mac-mini", "--for", "10m", "--reason", "OS update"])
        #expect(muted.exitCode == 0, "\(muted)")
        // The monitor follows mutes.json: the textfile says so.
        let follows = await eventually { rig.textfileContains(#"verbumcare_alerts_muted{server="mac-mini"} 1"#) }
        #expect(follows, "\(rig.log)")

        try rig.demo.setMode("mac-mini", "down")
        let opened = await rig.eventuallyIncidents("mac-mini") { $0.first?["open"] as? Bool == true }
        #expect(opened, "history records the incident during the mute")
        // SPEC §15.2: `end|null, durationSeconds|null` while it is open.
        let open = try await rig.incidents("mac-mini").first
        #expect(open?["end"] is NSNull && open?["durationSeconds"] is NSNull, "\(String(describing: open))")
        try await rig.waitForRounds(2)
        try rig.demo.setMode("mac-mini", "up")
        let closed = await rig.eventuallyIncidents("mac-mini") { $0.first?["open"] as? Bool == false }
        #expect(closed, "history closes it")
        try await rig.waitForRounds(2)

        #expect(rig.delivered().hook.isEmpty, "\(rig.delivered().hook)")
        let incidents = try await rig.incidents("mac-mini")
        #expect(incidents.count == 1 && (incidents.first?["reason"] as? [String: Any])?["code"] as? String == "connect",
                "\(incidents)")
    }

    @Test("unmute while still down: exactly one server_down, after the unmute")
    func unmuteDuringTheOutage() async throws {
        let rig = try await MonitorRig(webhook: false)
        try rig.hooks.install("50-record")
        let muted = try await rig.run(["mute", "mac-mini", "--for", "10m"])
        #expect(muted.exitCode == 0, "\(muted)")
        try await rig.startMonitor()

        try rig.demo.setMode("mac-mini", "down")
        let opened = await rig.eventuallyIncidents("mac-mini") { $0.first?["open"] as? Bool == true }
        #expect(opened, "\(rig.log)")
        try await rig.waitForRounds(2)
        #expect(rig.delivered().hook.isEmpty, "\(rig.delivered().hook)")

        let unmutedAt = Date().timeIntervalSince1970
        let unmuted = try await rig.run(["unmute", "mac-mini"])
        #expect(unmuted.exitCode == 0, "\(unmuted)")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.log)")
        try await rig.waitForRounds(2)

        let hook = rig.delivered().hook
        #expect(hook.map { "\($0.event) \($0.serverId)" } == ["server_down mac-mini"], "\(hook)")
        if let alert = hook.first {
            print("the held server_down left \(String(format: "%.2f", alert.receivedAt - unmutedAt)) s after `unmute` began")
            #expect(alert.receivedAt >= unmutedAt, "\(alert)")
            #expect(alert.reasonCode == "connect", "\(alert)")
        }
    }

    @Test("a mute that ends while the server is still down: one server_down, when it ends")
    func muteRunsOut() async throws {
        let rig = try await MonitorRig(webhook: false)
        try rig.hooks.install("50-record")
        try await rig.startMonitor()
        let muted = try await rig.run(["mute", "mac-mini", "--for", "12s"])
        #expect(muted.exitCode == 0, "\(muted)")
        let until = try #require(rig.muteEnds("mac-mini"), "mutes.json")
        try rig.demo.setMode("mac-mini", "down")

        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.log)")
        try await rig.waitForRounds(2)
        let hook = rig.delivered().hook
        #expect(hook.map { "\($0.event) \($0.serverId)" } == ["server_down mac-mini"], "\(hook)")
        if let alert = hook.first {
            print("the held server_down left \(String(format: "%.2f", alert.receivedAt - until)) s after the mute ended")
            #expect(alert.receivedAt >= until, "not before the mute's end (\(until)): \(alert.receivedAt)")
        }
        let incidents = try await rig.incidents("mac-mini")
        #expect(incidents.count == 1, "\(incidents)")
    }
}

extension MonitorRig {
    /// `until` of the server's entry in mutes.json (Unix seconds).
    func muteEnds(_ server: String) -> Double? {
        guard let data = home.read(home.stateDirectory + "/mutes.json"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let mutes = object["mutes"] as? [[String: Any]] else { return nil }
        return (mutes.first { $0["server"] as? String == server }?["until"] as? NSNumber)?.doubleValue
    }
}
