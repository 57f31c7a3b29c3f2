import Foundation
import Glibc
import Testing
import TestSupport

/// `doctor`'s `alerts` check (SPEC §15.3): each hook trusted or why not, each webhook with its
/// last outcome, and what waits in the outbox; in the three languages, a password never shown.
@Suite("doctor: alerts", .serialized)
struct DoctorAlertsTests {
    static func alertChecks(_ result: ProcessResult) -> [[String: Any]] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
              let checks = object["checks"] as? [[String: Any]] else { return [] }
        return checks.filter { $0["id"] as? String == "alerts" }
    }

    @Test("a trusted hook, a world-writable one, a webhook that answered 503: each said, with the delivery waiting")
    func hooksWebhooksAndTheOutbox() async throws {
        let rig = try await MonitorRig(initialModes: ["mac-mini": "down"])
        let receiver = try #require(rig.receiver)
        try receiver.answer(503)
        let good = try rig.hooks.install("50-record")
        let open = try rig.hooks.install("60-open")
        chmod(open, 0o777)
        // One round: Mac Mini's server_down goes to the hook and fails at the webhook (3 tries).
        let once = try await rig.run(["monitor", "--once"])
        #expect(once.exitCode == 0, "\(once)")
        for language in ["en", "ja", "zh-Hant"] {
            let result = try await rig.run(["doctor", "--json", "--lang", language])
            let checks = Self.alertChecks(result)
            let messages = checks.map { ($0["status"] as? String ?? "?") + " " + ($0["message"] as? String ?? "") }
            #expect(checks.contains { $0["status"] as? String == "ok" && ($0["message"] as? String ?? "").contains(good) },
                    "\(language): \(messages)")
            #expect(checks.contains { $0["status"] as? String == "error" && ($0["message"] as? String ?? "").contains(open)
                && ($0["fix"] as? String ?? "").contains("chmod go-w") }, "\(language): \(messages)")
            #expect(checks.contains { $0["status"] as? String == "warning"
                && ($0["message"] as? String ?? "").contains("alerts.example.org/verbumcare")
                && ($0["message"] as? String ?? "").contains("503") }, "\(language): \(messages)")
            #expect(checks.contains { $0["status"] as? String == "warning" && ($0["message"] as? String ?? "").contains("1") },
                    "\(language): \(messages)")
            #expect(result.exitCode == 1, "an untrusted hook is an error")
        }
        let text = try await rig.run(["doctor"])
        #expect(text.standardOutput.contains("60-open"), "\(text.standardOutput)")
    }
}
