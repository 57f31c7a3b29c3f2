import Foundation
import Glibc
import Testing
import TestSupport

/// The monitor against the demo backend in real time (SPEC §15.1, §15.3): a confirmed change
/// reaches every hook and webhook once, within one probe interval plus the timeout plus 1 s
/// (plus `MonitorRig.slack` for a loaded machine), a restart never alerts twice, and of two
/// monitors on one home only the recorder alerts.
@Suite("monitor: alerts end to end", .serialized)
struct MonitorAlertTests {
    @Test("Mac Mini down then up: one server_down and one server_up, by the hook and the webhook, in time")
    func downThenUp() async throws {
        let rig = try await MonitorRig()
        try rig.hooks.install("50-record")
        try await rig.startMonitor()

        try rig.demo.setMode("mac-mini", "down")
        let wentDown = Date().timeIntervalSince1970
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        let downBound = MonitorRig.probeInterval + MonitorRig.connectionTimeout + 1
        for alert in [rig.delivered().hook, rig.delivered().webhook].compactMap(\.first) {
            let delay = alert.receivedAt - wentDown
            print("server_down reached the \(alert.via) \(String(format: "%.2f", delay)) s after the change"
                  + " (SPEC bound \(downBound) s, slack \(MonitorRig.slack) s)")
            #expect(delay < downBound + MonitorRig.slack, "\(alert.via): \(delay) s")
        }

        try rig.demo.setMode("mac-mini", "up")
        let cameBack = Date().timeIntervalSince1970
        #expect(await rig.waitFor("server_up", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        // `alert_up_confirmations` (2) successes: up to two rounds.
        let upBound = 2 * MonitorRig.probeInterval + MonitorRig.connectionTimeout + 1
        for alert in [rig.delivered().hook, rig.delivered().webhook].compactMap({ $0.last }) {
            let delay = alert.receivedAt - cameBack
            print("server_up reached the \(alert.via) \(String(format: "%.2f", delay)) s after the change"
                  + " (bound \(upBound) s, slack \(MonitorRig.slack) s)")
            #expect(delay < upBound + MonitorRig.slack, "\(alert.via): \(delay) s")
        }
        // Two more rounds: a repeated alert would have left by then.
        try await rig.waitForRounds(2)

        let (hook, webhook) = rig.delivered()
        for alerts in [hook, webhook] {
            #expect(alerts.map { "\($0.event) \($0.serverId)" } == ["server_down mac-mini", "server_up mac-mini"],
                    "\(alerts)")
            guard alerts.count == 2 else { continue }
            #expect(alerts[0].reasonCode == "connect", "\(alerts[0])")
            #expect(alerts[0].durationSeconds == nil && alerts[0].resolvedOnStart == false, "\(alerts[0])")
            let duration = try #require(alerts[1].durationSeconds, "\(alerts[1])")
            // The outage lasted from the change to the first success: at least about one round.
            #expect(duration >= 1 && Double(duration) <= Date().timeIntervalSince1970 - wentDown, "\(alerts[1])")
            #expect(alerts[1].resolvedOnStart == false && alerts[1].since == alerts[0].since, "\(alerts)")
        }
        #expect(hook.map(\.json) == webhook.map(\.json), "hooks and webhooks get the same JSON")
        let environment = try #require(hook.first?.environment)
        #expect(environment["VERBUMCARE_EVENT"] == "server_down" && environment["VERBUMCARE_SERVER_ID"] == "mac-mini"
                && environment["VERBUMCARE_REASON"] == "connect" && environment["VERBUMCARE_SERVER_NAME"] == "Mac Mini"
                && environment["VERBUMCARE_SINCE"] == hook.first?.since, "\(environment)")
        #expect(hook.last?.environment?["VERBUMCARE_DURATION_S"] == hook.last?.durationSeconds.map(String.init))

        let incidents = try await rig.incidents("mac-mini")
        #expect(incidents.count == 1, "\(incidents)")
        let incident = try #require(incidents.first)
        #expect(incident["open"] as? Bool == false && incident["start"] is String && incident["end"] is String,
                "\(incident)")
        #expect(incident["durationSeconds"] as? Int == hook.last?.durationSeconds, "\(incident) \(hook)")
        #expect((incident["reason"] as? [String: Any])?["code"] as? String == "connect", "\(incident)")
    }

    @Test("stopped during an outage, started after it: server_up resolvedOnStart, no second server_down")
    func restartAfterTheOutage() async throws {
        let rig = try await MonitorRig()
        try rig.hooks.install("50-record")
        let first = try await rig.startMonitor()
        try rig.demo.setMode("mac-mini", "down")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        #expect(await rig.stop(first) == 0, "SIGTERM ends the monitor cleanly: \(first.standardError)")

        try rig.demo.setMode("mac-mini", "up")
        try await rig.startMonitor()
        #expect(await rig.waitFor("server_up", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        try await rig.waitForRounds(2)

        let (hook, webhook) = rig.delivered()
        for alerts in [hook, webhook] {
            #expect(alerts.map { "\($0.event) \($0.serverId)" } == ["server_down mac-mini", "server_up mac-mini"],
                    "\(alerts)")
            #expect(alerts.last?.resolvedOnStart == true && alerts.last?.durationSeconds != nil, "\(alerts)")
        }
        #expect(hook.last?.environment?["VERBUMCARE_RESOLVED_ON_START"] == "1", "\(hook)")
        let incidents = try await rig.incidents("mac-mini")
        #expect(incidents.count == 1 && incidents.first?["open"] as? Bool == false, "\(incidents)")
    }

    @Test("two monitors on one home: each change is alerted once")
    func twoMonitors() async throws {
        let rig = try await MonitorRig(webhook: false)
        try rig.hooks.install("50-record")
        try await rig.startMonitor("first")
        let second = try await rig.startMonitor("second")
        #expect(second.standardError.contains("this monitor tests and writes the textfile only"), "\(second.standardError)")

        try rig.demo.setMode("mac-mini", "down")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        // Both saw the outage (had one missed it, it would have nothing to alert twice).
        let open = #"verbumcare_incidents_open{server="mac-mini"} 1"#
        #expect(await eventually { rig.textfileContains(open, "first") && rig.textfileContains(open, "second") })
        try await rig.waitForRounds(1, "second")
        try rig.demo.setMode("mac-mini", "up")
        #expect(await rig.waitFor("server_up", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        let closed = #"verbumcare_incidents_open{server="mac-mini"} 0"#
        #expect(await eventually { rig.textfileContains(closed, "first") && rig.textfileContains(closed, "second") })
        try await rig.waitForRounds(2, "first")
        try await rig.waitForRounds(2, "second")

        let events = rig.delivered().hook.map { "\($0.event) \($0.serverId)" }
        #expect(events == ["server_down mac-mini", "server_up mac-mini"], "\(events)")
    }
}
