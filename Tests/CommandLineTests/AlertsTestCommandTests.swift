import Foundation
import Testing
import TestSupport

/// `alerts test` (SPEC §15.3): a `test` event through every hook and webhook, one line each
/// saying what it did; exit 0 only when all were delivered.
@Suite("alerts test", .serialized)
struct AlertsTestCommandTests {
    @Test("two hooks and a webhook: each reached, one line each, exit 0")
    func allDelivered() async throws {
        let rig = try await MonitorRig()
        let first = try rig.hooks.install("10-first")
        let second = try rig.hooks.install("20-second")
        let receiver = try #require(rig.receiver)

        let result = try await rig.run(["alerts", "test"])
        #expect(result.exitCode == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result)")
        #expect(lines.count == 3 && lines[0].hasPrefix("✓ " + first) && lines[1].hasPrefix("✓ " + second)
                && lines[2].hasPrefix("✓ " + receiver.url), "hooks in name order, then the webhook: \(result)")
        #expect(lines.last?.contains("HTTP 200") == true, "\(result)")

        for name in ["10-first", "20-second"] {
            let got = rig.hooks.alerts(name)
            #expect(got.map(\.event) == ["test"], "\(name): \(got)")
            #expect(got.first?.environment?["VERBUMCARE_EVENT"] == "test", "\(got)")
        }
        let posted = receiver.alerts()
        #expect(posted.map(\.event) == ["test"] && posted.first?.serverId == "pn51", "\(posted)")
    }

    @Test("a hook that exits 3: exit non-zero, and the line names it and its status")
    func failingHook() async throws {
        let rig = try await MonitorRig()
        try rig.hooks.install("10-first")
        let failing = try rig.hooks.install("20-failing", exitStatus: 3)

        let result = try await rig.run(["alerts", "test"])
        #expect(result.exitCode != 0 && result.exitCode != nil, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result)")
        let line = try #require(lines.first { $0.contains(failing) }, "\(result)")
        #expect(line.hasPrefix("✗ ") && line.contains(CLI.text(.en, "cli.alerts.hook_exit", ["status": "3"])), "\(line)")
        #expect(lines.filter { $0.hasPrefix("✓ ") }.count == 2, "the other hook and the webhook worked: \(result)")
        #expect(rig.hooks.alerts("20-failing").map(\.event) == ["test"], "the failing hook did run")
    }

    @Test("a webhook that answers 500: three tries, the second 2 s and the third 4 s after the one before")
    func webhookRetries() async throws {
        let home = try TemporaryHome(prefix: "alerts-retry")
        let receiver = try await WebhookReceiver(in: home, status: 500)
        let settings = #"{"alert_webhooks": ["\#(receiver.url)"], "alert_ca_bundle": "\#(receiver.caFile)"}"#
        try home.write(settings + "\n", to: "config/verbumcare/settings.json")
        let runner = try BinaryRunner(home: home.path)

        let result = try await runner.run(["--lang", "en", "--connect-to", receiver.connectTo, "alerts", "test"])
        #expect(result.exitCode != 0 && result.exitCode != nil, "\(result)")
        let line = CLI.text(.en, "cli.alerts.webhook_failed", ["detail": "500", "tries": "3"])
        #expect(result.standardOutput == "✗ \(receiver.url)  \(line)\n", "\(result)")
        let tries = receiver.alerts(all: true).map(\.receivedAt)
        #expect(tries.count == 3, "\(tries)")
        if tries.count == 3 {
            let gaps = [tries[1] - tries[0], tries[2] - tries[1]]
            print("webhook retries after \(gaps.map { String(format: "%.2f", $0) }) s")
            // Lower bounds are the retry delays; the upper ones only catch a wrong order of magnitude.
            #expect(gaps[0] >= 2 && gaps[1] >= 4 && gaps[0] < 2 + MonitorRig.slack && gaps[1] < 4 + MonitorRig.slack,
                    "\(gaps)")
        }
    }
}
