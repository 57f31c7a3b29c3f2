import Foundation
import Glibc
import Testing
import TestSupport

/// The monitor never loses an alert (SPEC §15.3): what a killed monitor was delivering goes
/// out at its next start; a webhook that is down when the change happens gets it when it is
/// back; alerts go on with history off and with a recorder.lock that cannot be used; another
/// monitor takes over within one round of the recorder's death. The real binary, the demo
/// backend over TLS, real hook scripts and the HTTPS receiver on loopback.
@Suite("monitor: the outbox and the recorder", .serialized)
struct MonitorOutboxTests {
    /// The status of `target`'s delivery of every alert about `server`, as the outbox says.
    static func deliveries(_ rig: MonitorRig, _ target: String) -> [String] {
        let database = rig.home.stateDirectory + "/outbox.sqlite3"
        let output = rig.home.path + "/outbox-query.txt"
        _ = ShellCommand.run("sqlite3 -readonly '\(database)' \"SELECT d.key || ' ' || d.status FROM deliveries d "
                             + "WHERE d.target LIKE '%\(target)' ORDER BY d.key\" > '\(output)' 2>&1")
        return ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test("killed (kill -9) while a hook runs: at the next start that hook gets the alert; the others do not get it twice")
    func killedDuringDelivery() async throws {
        let rig = try await MonitorRig(webhook: false)
        let block = rig.home.path + "/BLOCK"
        let started = rig.home.path + "/STARTED"
        try rig.hooks.install("50-record")
        // While BLOCK exists the hook hangs before it records anything (a delivery in flight);
        // without it, it records like the others.
        let recorder = rig.hooks.logPath("10-block")
        try rig.home.write("""
            #!/bin/sh
            if [ -e '\(block)' ]; then touch '\(started)'; exec sleep 60; fi
            printf '%s\\n' "$VERBUMCARE_EVENT $VERBUMCARE_SERVER_ID" >> '\(recorder)'

            """, to: "config/verbumcare/hooks.d/10-block")
        chmod(rig.hooks.folder + "/10-block", 0o755)
        try "".write(toFile: block, atomically: false, encoding: .utf8)

        let first = try await rig.startMonitor()
        try rig.demo.setMode("mac-mini", "down")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        #expect(await eventually(seconds: 60) { FileManager.default.fileExists(atPath: started) })
        // The recording hook's outcome is in the outbox; the blocked one is still pending.
        #expect(await eventually(seconds: 30) {
            Self.deliveries(rig, "50-record").contains { $0.hasPrefix("server_down:mac-mini:") && $0.hasSuffix(" delivered") }
        }, "\(Self.deliveries(rig, "50-record"))")
        #expect(Self.deliveries(rig, "10-block").allSatisfy { $0.hasSuffix(" pending") }, "\(Self.deliveries(rig, "10-block"))")
        first.signal(SIGKILL)
        _ = await first.wait(seconds: 30)

        try FileManager.default.removeItem(atPath: block)
        try await rig.startMonitor()
        #expect(await eventually(seconds: 60) {
            ((try? String(contentsOfFile: recorder, encoding: .utf8)) ?? "").contains("server_down mac-mini")
        }, "the hook the killed monitor was running never got the alert:\n\(rig.log)")
        try await rig.waitForRounds(2)
        let events = rig.delivered().hook.map { "\($0.event) \($0.serverId)" }
        #expect(events == ["server_down mac-mini"], "no hook gets an alert twice: \(events)")
        let blocked = ((try? String(contentsOfFile: recorder, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(blocked == ["server_down mac-mini"], "\(blocked)")
    }

    @Test("a webhook that answers 503 when the server goes down gets server_down once it answers again")
    func webhookDownThenBack() async throws {
        let rig = try await MonitorRig(settings: ["enable_detailed_logging": true])
        let receiver = try #require(rig.receiver)
        try receiver.answer(503)
        let monitor = try await rig.startMonitor()
        try rig.demo.setMode("mac-mini", "down")
        // Three tries (0, 2, 4 s) fail; the outbox keeps it for the next rounds.
        #expect(await eventually(seconds: 60) { receiver.alerts(all: true).count >= 3 }, "\(receiver.alerts(all: true))")
        #expect(receiver.alerts().isEmpty)
        #expect(await eventually(seconds: 30) {
            Self.deliveries(rig, "verbumcare").contains { $0.hasSuffix(" retry") }
        }, "\(Self.deliveries(rig, "verbumcare"))")
        try receiver.answer(nil)
        let delivered = await eventually(seconds: 60) { receiver.alerts().contains { $0.event == "server_down" } }
        let ended = delivered ? nil : await monitor.wait(seconds: 1)
        #expect(delivered, "\(receiver.alerts(all: true))\nmonitor ended: \(String(describing: ended))\n\(rig.log)")
        try await rig.waitForRounds(2)
        #expect(receiver.alerts().map(\.event) == ["server_down"], "accepted once: \(receiver.alerts())")
    }

    @Test("history_enabled false: no history, and the alerts still go out, once each")
    func alertsWithoutHistory() async throws {
        let rig = try await MonitorRig(settings: ["history_enabled": false])
        try rig.hooks.install("50-record")
        let first = try await rig.startMonitor()
        try rig.demo.setMode("mac-mini", "down")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        // A restart during the outage: history is off, the outbox still knows it was alerted.
        #expect(await rig.stop(first) == 0)
        try await rig.startMonitor()
        try await rig.waitForRounds(1)
        try rig.demo.setMode("mac-mini", "up")
        #expect(await rig.waitFor("server_up", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        try await rig.waitForRounds(2)
        for alerts in [rig.delivered().hook, rig.delivered().webhook] {
            #expect(alerts.map { "\($0.event) \($0.serverId)" } == ["server_down mac-mini", "server_up mac-mini"],
                    "\(alerts)")
        }
        #expect(!FileManager.default.fileExists(atPath: rig.home.stateDirectory + "/history.sqlite3"), "history is off")
    }

    @Test("recorder.lock is a link to a decoy: the monitor says so, records and alerts, and the decoy is untouched")
    func unusableLockFile() async throws {
        let rig = try await MonitorRig(webhook: false)
        try rig.hooks.install("50-record")
        let decoy = rig.home.path + "/decoy-lock"
        try "somebody else's\n".write(toFile: decoy, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: rig.home.stateDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: rig.home.stateDirectory + "/recorder.lock",
                                                   withDestinationPath: decoy)
        let monitor = try await rig.startMonitor()
        #expect(monitor.standardError.contains("recorder.lock"), "\(monitor.standardError)")
        try rig.demo.setMode("mac-mini", "down")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        #expect((try? String(contentsOfFile: decoy, encoding: .utf8)) == "somebody else's\n")
        // A second monitor on the home does not record: the state folder's lock decides.
        let second = try await rig.startMonitor("second")
        #expect(second.standardError.contains("this monitor tests and writes the textfile only"), "\(second.standardError)")
    }

    @Test("the recorder is killed: the other monitor takes over within one round and alerts from then on")
    func takeoverWithinOneRound() async throws {
        let rig = try await MonitorRig(webhook: false)
        try rig.hooks.install("50-record")
        let first = try await rig.startMonitor("first")
        let second = try await rig.startMonitor("second")
        let lock = rig.home.stateDirectory + "/recorder.lock"
        let holder = { (try? String(contentsOfFile: lock, encoding: .utf8)) ?? "" }
        #expect(holder().hasPrefix("\(first.pid) "), "\(holder())")
        first.signal(SIGKILL)
        _ = await first.wait(seconds: 30)
        let killed = Date().timeIntervalSince1970
        #expect(await eventually(seconds: 60) { holder().hasPrefix("\(second.pid) ") }, "\(holder())")
        let takeover = Date().timeIntervalSince1970 - killed
        print("takeover \(String(format: "%.2f", takeover)) s after the recorder was killed"
              + " (one round: \(MonitorRig.probeInterval) s + the round's tests)")
        #expect(takeover < MonitorRig.probeInterval + MonitorRig.connectionTimeout + 1 + MonitorRig.slack)
        try rig.demo.setMode("mac-mini", "down")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
    }
}
