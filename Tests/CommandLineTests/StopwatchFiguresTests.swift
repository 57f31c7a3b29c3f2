import Foundation
import Testing
import Localization
import TestSupport

/// History's figures against a stopwatch, and reasons with their numbers, end to end: the real
/// `monitor` (2 s probe interval, 5 s timeout) against the demo backend's TLS servers, read
/// back with `history` and the textfile (SPEC §15.2).
@Suite("history: figures in time, reasons with their numbers", .serialized)
struct StopwatchFiguresTests {
    /// The 24 h figures of `server` from `history --json`, and when they were read.
    static func dayFigures(_ rig: MonitorRig, _ server: String, language: String = "en") async throws
        -> (window: [String: Any], server: [String: Any], readAt: Double) {
        let result = try await rig.run(["history", server, "--json", "--window", "24h", "--lang", language])
        let readAt = Date().timeIntervalSince1970
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                  "\(result)")
        let entry = try #require((object["servers"] as? [[String: Any]])?.first, "\(result)")
        let window = try #require((entry["windows"] as? [String: Any])?["24h"] as? [String: Any], "\(result)")
        return (window, entry, readAt)
    }

    /// With `alert_up_confirmations` 10, the server coming back is re-tested nine times at once
    /// (confirming re-tests): weighed like ordinary results they would make the outage look
    /// shorter than it was; replacing each other they weigh as one result.
    @Test("Mac Mini down for a span timed by the test: history's down time is that span, within one interval")
    func downTimeMatchesAStopwatch() async throws {
        let rig = try await MonitorRig(webhook: false, settings: ["alert_up_confirmations": 10])
        try await rig.startMonitor()
        try await rig.waitForRounds(2)
        try rig.demo.setMode("mac-mini", "status502")
        let wentDown = Date().timeIntervalSince1970
        // Down long enough for several rounds, the incident and its confirming re-tests.
        #expect(await rig.eventuallyIncidents("mac-mini") { $0.contains { $0["open"] as? Bool == true } }, "\(rig.log)")
        try await rig.waitForRounds(4)
        try rig.demo.setMode("mac-mini", "up")
        let cameBack = Date().timeIntervalSince1970
        let span = cameBack - wentDown
        #expect(await rig.eventuallyIncidents("mac-mini") { !$0.isEmpty && $0.allSatisfy { $0["open"] as? Bool == false } },
                "\(rig.log)")
        try await rig.waitForRounds(2)

        let (window, _, _) = try await Self.dayFigures(rig, "mac-mini")
        let upMs = try #require(window["upMs"] as? Int, "\(window)")
        let coveredMs = try #require(window["coveredMs"] as? Int, "\(window)")
        let down = Double(coveredMs - upMs) / 1000
        let bound = MonitorRig.probeInterval + MonitorRig.connectionTimeout
        print("stopwatch: mac-mini down \(String(format: "%.3f", span)) s by the test's clock; history says "
              + "\(String(format: "%.3f", down)) s down of \(String(format: "%.3f", Double(coveredMs) / 1000)) s covered, "
              + "uptime \(window["uptimeRatio"] ?? "-"), coverage \(window["coverage"] ?? "-"), \(window["probes"] ?? "-") probes "
              + "(difference \(String(format: "%+.3f", down - span)) s; interval \(MonitorRig.probeInterval) s, bound \(bound) s)")
        #expect(abs(down - span) <= MonitorRig.probeInterval + 1, "down \(down) s, span \(span) s: \(window)")
        // The ratio people read says the same: time down over time covered.
        let ratio = try #require(window["uptimeRatio"] as? Double, "\(window)")
        let downByRatio = (1 - ratio) * Double(coveredMs) / 1000
        #expect(abs(downByRatio - span) <= MonitorRig.probeInterval + 1, "ratio \(ratio): \(downByRatio) s, span \(span) s")
    }

    @Test("a 502 outage and a timeout outage: reasons keep {status: 502} and {seconds: 5}, worded in ja, en, zh-Hant")
    func reasonsKeepTheirNumbers() async throws {
        let rig = try await MonitorRig(webhook: false)
        try await rig.startMonitor()
        try rig.demo.setMode("mac-mini", "status502")
        try rig.demo.setMode("pn51", "hang")
        let opened: ([[String: Any]]) -> Bool = { $0.contains { $0["open"] as? Bool == true } }
        #expect(await rig.eventuallyIncidents("mac-mini", opened), "\(rig.log)")
        #expect(await rig.eventuallyIncidents("pn51", opened), "\(rig.log)")
        try await rig.waitForRounds(1)

        let expected: [String: (status: String, timeout: String)] = [
            "en": ("Server error (HTTP 502)", "No answer within 5 s"),
            "ja": ("サーバーエラー（HTTP 502）", "5秒以内に応答がありません"),
            "zh-Hant": ("伺服器錯誤（HTTP 502）", "5 秒內沒有回應"),
        ]
        for (language, words) in expected.sorted(by: { $0.key < $1.key }) {
            let (_, macMini, _) = try await Self.dayFigures(rig, "mac-mini", language: language)
            let http = try #require(((macMini["incidents"] as? [[String: Any]])?.first)?["reason"] as? [String: Any])
            #expect(http["code"] as? String == "http_status", "\(http)")
            #expect((http["params"] as? [String: Any])?["status"] as? Int == 502, "\(http)")
            #expect(http["message"] as? String == words.status, "\(language): \(http)")
            let (_, pn51, _) = try await Self.dayFigures(rig, "pn51", language: language)
            let timeout = try #require(((pn51["incidents"] as? [[String: Any]])?.first)?["reason"] as? [String: Any])
            #expect(timeout["code"] as? String == "timeout", "\(timeout)")
            #expect((timeout["params"] as? [String: Any])?["seconds"] as? Int == Int(MonitorRig.connectionTimeout), "\(timeout)")
            #expect(timeout["message"] as? String == words.timeout, "\(language): \(timeout)")
            print("history --json --lang \(language): \(http) / \(timeout)")

            // The text for people says the same, and no placeholder anywhere.
            let text = try await rig.run(["history", "--lang", language])
            // A 5xx says what it is, with its number (issue 27): "server error 502".
            #expect(text.standardOutput.contains(CLI.text(AppLanguage(code: language) ?? .en, "error.http_status.server_short",
                                                          ["status": "502"]))
                    && !text.standardOutput.contains("?")
                    && !text.standardOutput.contains("{"), "\(language): \(text.standardOutput)")
        }
        // The textfile labels the open incidents with their reasons' numbers.
        #expect(rig.textfileContains(#"verbumcare_incident_reason{server="mac-mini",reason="http_status",status="502"} 1"#),
                "\((try? String(contentsOfFile: rig.textfile(), encoding: .utf8)) ?? "")")
        #expect(rig.textfileContains(#"verbumcare_incident_reason{server="pn51",reason="timeout",seconds="5"} 1"#))
    }
}
