import Foundation
import Localization
import Testing
import TestSupport

/// The BCP report of a real outage (SPEC §16), end to end with the real monitor: mac-mini, the
/// configured server, goes down on the demo backend, the monitor confirms it, falls back to pn51
/// and alerts a real hook and the loopback webhook; mac-mini comes back. A person adds a note with
/// `incident note`; `report` in four formats and three languages gives each fact as the monitor
/// recorded it (history's own timeline): start, end, duration, the fallback to pn51, the alerts
/// with their outcomes, the note, and the trigger (1 minute) not passed by the shorter outage.
@Suite("BCP report of a real outage recorded by the monitor", .serialized)
struct MonitorBCPReportTests {
    @Test("down, fallback, back; a note; the report in md, csv, html and json, in ja, en and zh-Hant")
    func reportOfARealOutage() async throws {
        let rig = try await MonitorRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api", "bcp_trigger_minutes": 1,
                                                  "facility_name": "特別養護老人ホームさくら"])
        try rig.hooks.install("50-record")
        let monitor = try await rig.startMonitor()
        try rig.demo.setMode("mac-mini", "down")
        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.log)")
        #expect(await rig.waitFor("fallback_started", "mac-mini"), "\(rig.log)")
        try rig.demo.setMode("mac-mini", "up")
        #expect(await rig.waitFor("server_up", "mac-mini"), "\(rig.log)")
        #expect(await rig.eventuallyIncidents("mac-mini") { $0.first?["end"] is String })
        _ = await rig.stop(monitor)

        // The timeline as the monitor recorded it.
        let incident = try #require(try await rig.incidents("mac-mini").first)
        let id = try #require(incident["id"] as? Int)
        let start = try #require((incident["start"] as? String).flatMap(Self.date))
        let end = try #require((incident["end"] as? String).flatMap(Self.date))
        let duration = try #require(incident["durationSeconds"] as? Int)
        #expect(duration < 60, "the story's outage is shorter than the trigger: \(incident)")
        let note = "ケーブル抜け、再接続で復旧"
        let noted = try await rig.run(["incident", "note", String(id), note])
        #expect(noted.exitCode == 0, "\(noted)")

        for language in AppLanguage.allCases {
            let l = Localizer(language: language)
            let json = try await rig.run(["report", "--format", "json", "--lang", language.rawValue])
            #expect(json.exitCode == 0, "\(json)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            let entries = (document["incidents"] as? [[String: Any]]) ?? []
            let entry = try #require(entries.first { $0["id"] as? Int == id }, "\(json.standardOutput)")
            #expect((entry["confirmedAt"] as? String).flatMap(Self.date) == start, "\(entry)")
            #expect((entry["end"] as? String).flatMap(Self.date) == end, "\(entry)")
            #expect(entry["durationSeconds"] as? Int == duration && entry["serverId"] as? String == "mac-mini")
            #expect(entry["bcpTriggerPassed"] as? Bool == false && entry["drill"] as? Bool == false)
            // 発生日時: the failed probe the confirmation re-tested, when history's raw results name one
            // before it (the two can fall in one round's same instant; then the report says so).
            if let occurred = (entry["occurredAt"] as? String).flatMap(Self.date) {
                #expect(occurred <= start && entry["detectionSeconds"] as? Int == Int(start.timeIntervalSince(occurred)))
            } else {
                #expect(entry["detectionSeconds"] is NSNull, "\(entry)")
            }
            let fallback = try #require(entry["fallback"] as? [String: Any], "\(entry)")
            let fallbackAt = try #require((fallback["at"] as? String).flatMap(Self.date))
            #expect(fallback["serverId"] as? String == "pn51" && fallbackAt >= start && fallbackAt <= end)
            let alerts = (entry["alerts"] as? [[String: Any]]) ?? []
            #expect(Set(alerts.compactMap { $0["event"] as? String }).isSuperset(of: ["server_down", "fallback_started", "server_up"]),
                    "\(alerts)")
            let deliveries = alerts.flatMap { ($0["deliveries"] as? [[String: Any]]) ?? [] }
            #expect(deliveries.contains { ($0["target"] as? String)?.hasSuffix("50-record") == true && $0["outcome"] as? String == "delivered" },
                    "\(deliveries)")
            #expect((entry["notes"] as? [[String: Any]])?.map { $0["text"] as? String } == [note])

            // The other formats: the same facts in the run's words.
            let words = [l.text("report.col.trigger"), l.text("report.no"), l.text("report.outcome.delivered"), "pn51", note,
                         l.text("report.duration", ["minutes": String(duration / 60), "seconds": String(duration % 60)])]
            for format in ["md", "csv", "html"] {
                let result = try await rig.run(["report", "--format", format, "--lang", language.rawValue])
                #expect(result.exitCode == 0, "\(result)")
                for word in words {
                    #expect(result.standardOutput.contains(word), "\(format) \(language): \(word)")
                }
                if format == "md", language == .ja, let sample = ProcessInfo.processInfo.environment["VERBUMCARE_BCP_SAMPLE"] {
                    try result.standardOutput.write(toFile: sample, atomically: true, encoding: .utf8)
                }
            }
        }
    }

    /// An ISO-8601 time with `Z` or an offset.
    static func date(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }
}
