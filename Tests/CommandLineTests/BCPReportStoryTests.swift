import AppCore
import Foundation
import History
import Localization
import Testing
import TestSupport

/// The BCP report of one outage (SPEC §16), end to end through the real binary over a real
/// history and outbox (SQLite) in the run's home: mac-mini, the configured server, fails at
/// 10:00:00 (JST), the failure is confirmed at 10:00:05, the fallback to pn51 starts at
/// 10:00:07, `server_down` reaches a hook and a webhook, the server is back at 10:20:00; a
/// person adds notes with `incident note`. The report in four formats and three languages
/// gives each field of that timeline; the CSV is read back by Python's `csv` module and
/// converted by LibreOffice headless where it is installed, with the Japanese intact.
@Suite("BCP report: an outage through fallback and back")
struct BCPReportStoryTests {
    /// 2026-11-20 10:00:00 +09:00.
    static let t0: Int64 = 1_795_136_400_000
    static let confirmed = t0 + 5000
    static let fallback = t0 + 7000
    static let end = t0 + 20 * 60_000
    static let hook = "/opt/hooks/mail.sh"
    static let drillHook = "/opt/hooks/drill-line.sh"
    static let secret = "S3cretT0ken"
    static let tz = ["TZ": "JST-9"]

    /// A session whose history holds the story; returns the incident's id.
    static func story(lang: String = "en_US.UTF-8") async throws -> (CLI.Session, Int64) {
        let session = try CLI.Session(lang: lang)
        #expect(try await session.run("settings", "set", "backend_server_address", "mac-mini").exitCode == 0)
        #expect(try await session.run("settings", "set", "facility_name", "特別養護老人ホームさくら").exitCode == 0)
        #expect(try await session.run("settings", "set", "facility_number", "1371234567").exitCode == 0)
        let state = session.home.stateDirectory
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let database = try HistoryDatabase.open(path: state + "/history.sqlite3", readOnly: false, now: end).get()
        try database.record([
            ProbeSample(serverId: "mac-mini", at: t0 - 10_000, ok: true, latencyMs: 4),
            ProbeSample(serverId: "mac-mini", at: t0, ok: false, latencyMs: nil, reasonCode: "timeout"),
            ProbeSample(serverId: "mac-mini", at: confirmed, ok: false, latencyMs: nil, reasonCode: "timeout", confirming: true),
            ProbeSample(serverId: "mac-mini", at: end, ok: true, latencyMs: 4),
            ProbeSample(serverId: "pn51", at: t0 - 10_000, ok: true, latencyMs: 3),
        ])
        let id = try database.openIncident(serverId: "mac-mini", start: confirmed,
                                           reason: IncidentReason(code: "timeout", params: ["seconds": "10"], message: "timed out"))
        let spell = try database.openIncident(serverId: "fallback:mac-mini", start: fallback,
                                              reason: IncidentReason(code: "timeout", params: ["seconds": "10"]))
        try database.closeIncident(id: id, end: end)
        try database.closeIncident(id: spell, end: end + 2000)
        let outbox = try AlertOutbox.open(path: AlertOutbox.path(stateDirectory: state), now: end).get()
        let webhook = AlertTarget.webhook(url: "https://hooks.example/x?token=\(secret)")
        for (key, kind, at) in [("server_down:mac-mini:1", "server_down", confirmed + 500),
                                ("fallback_started:mac-mini:1", "fallback_started", fallback + 500),
                                ("server_up:mac-mini:1", "server_up", end + 1000)] {
            _ = try outbox.store(OutboxAlert(key: key, created: at, kind: kind, serverId: "mac-mini", body: "{}", environment: [:],
                                             targets: [.hook(path: hook), webhook]))
            try outbox.record(key: key, target: .hook(path: hook),
                              outcome: AlertOutcome(status: .delivered, detail: "exit 0", at: Double(at + 300) / 1000))
            try outbox.record(key: key, target: webhook,
                              outcome: AlertOutcome(status: .retry, detail: "HTTP 503", at: Double(at + 900) / 1000))
        }
        // A drill of that afternoon, in the drill file (as the drill feature writes it), and its alerts in the outbox (their keys
        // start with `drill:`): one at the drill's start + 12 s, one after its end.
        let drill = t0 / 1000 + 4 * 3600
        // The third is a drill's alert during the real outage (no drill covers it): listed nowhere.
        for (key, kind, at) in [("drill:server_down:mac-mini:\(drill + 5)", "server_down", (drill + 12) * 1000),
                                ("drill:server_down:mac-mini:\(confirmed / 1000)", "server_down", confirmed + 1500),
                                ("drill:server_up:mac-mini:\(drill + 5)", "server_up", (drill + 905) * 1000)] {
            _ = try outbox.store(OutboxAlert(key: key, created: at, kind: kind, serverId: "mac-mini", body: "{}", environment: [:],
                                             targets: [.hook(path: drillHook)]))
            try outbox.record(key: key, target: .hook(path: drillHook),
                              outcome: AlertOutcome(status: .failed, detail: "exit 3", at: Double(at + 400) / 1000))
        }
        let record = DrillRecord(scenario: .down, serverId: "mac-mini", start: Double(drill), until: Double(drill + 900),
                                 participants: "山田、佐藤", firstAlert: .init(at: Double(drill) + 12, event: "server_down"),
                                 fallback: .init(at: Double(drill) + 14, toServerId: "pn51"),
                                 acknowledged: .init(at: Double(drill) + 95, by: "yamada"), end: Double(drill + 900),
                                 endedBy: .restart, notes: [.init(at: Double(drill + 900), text: "紙の記録用紙を確認")])
        try JSON.object([("drills", .array([DrillCodec.json(record)]))]).rendered
            .write(toFile: state + "/drills.json", atomically: true, encoding: .utf8)
        return (session, id)
    }

    @Test("notes, then the report in four formats and three languages, each field from the timeline",
          arguments: AppLanguage.allCases)
    func report(language: AppLanguage) async throws {
        let (session, id) = try await Self.story(lang: CLI.lang(for: language))
        let note = try await session.run("incident", "note", String(id), "LAN ケーブルの抜け｜再接続で復旧\nfollow-up: 交換予定")
        #expect(note.exitCode == 0, "\(note)")
        #expect(try await session.run("incident", "note", "#\(id)", "=HYPERLINK(\"x\")").exitCode == 0)
        let listed = try await session.run(arguments: ["incidents", "--since", "2026-11-01", "--json"], environment: Self.tz)
        let incidents = try CLI.array(listed.standardOutput)
        #expect(incidents.map { $0["id"] as? Int } == [Int(id)], "one incident: the spell of fallback is not one: \(listed)")
        let notes = try #require(incidents.first?["notes"] as? [[String: Any]])
        #expect(notes.map { $0["text"] as? String } == ["LAN ケーブルの抜け｜再接続で復旧\nfollow-up: 交換予定", "=HYPERLINK(\"x\")"])
        #expect(notes.first?["author"] as? String == String(cString: getpwuid(getuid()).pointee.pw_name))

        // history --json: the incident with its id, its notes and whether it was a drill (SPEC §15.2).
        let history = try await session.run("history", "mac-mini", "--json")
        #expect(history.exitCode == 0, "\(history)")
        let server = try #require((try CLI.object(history.standardOutput)["servers"] as? [[String: Any]])?.first, "\(history)")
        let listedInHistory = try #require((server["incidents"] as? [[String: Any]])?.first, "\(history)")
        #expect(listedInHistory["id"] as? Int == Int(id) && listedInHistory["drill"] as? Bool == false, "\(listedInHistory)")
        #expect((listedInHistory["notes"] as? [[String: Any]])?.map { $0["text"] as? String }
                == ["LAN ケーブルの抜け｜再接続で復旧 follow-up: 交換予定", "=HYPERLINK(\"x\")"],
                "history's JSON keeps each text on one line (the console's one cleaning): \(listedInHistory)")
        #expect((listedInHistory["notes"] as? [[String: Any]])?.first?["at"] as? String != nil)

        let period = ["--from", "2026-11-20", "--to", "2026-11-20"]
        // json: every field, checked against the story.
        let json = try await session.run(arguments: ["report"] + period + ["--format", "json"], environment: Self.tz)
        #expect(json.exitCode == 0, "\(json)")
        let document = try CLI.object(json.standardOutput)
        let header = try #require(document["header"] as? [String: Any])
        #expect(header["facilityName"] as? String == "特別養護老人ホームさくら" && header["facilityNumber"] as? String == "1371234567")
        #expect(header["from"] as? String == "2026-11-20T00:00:00+09:00" && header["to"] as? String == "2026-11-20T23:59:59+09:00")
        #expect(header["bcpTriggerMinutes"] as? Int == 10)
        let systems = try #require(document["systems"] as? [[String: Any]])
        let mac = try #require(systems.first { $0["id"] as? String == "mac-mini" })
        #expect(mac["role"] as? String == "configured" && mac["incidents"] as? Int == 1)
        #expect(mac["longestOutageSeconds"] as? Int == 1195 && mac["downtimeSeconds"] as? Int == 1195)
        #expect(systems.first { $0["id"] as? String == "pn51" }?["role"] as? String == "fallback")
        let entries = try #require(document["incidents"] as? [[String: Any]])
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry["id"] as? Int == Int(id) && entry["serverId"] as? String == "mac-mini" && entry["inUse"] as? Bool == true)
        #expect(entry["occurredAt"] as? String == "2026-11-20T10:00:00+09:00")
        #expect(entry["confirmedAt"] as? String == "2026-11-20T10:00:05+09:00" && entry["detectionSeconds"] as? Int == 5)
        #expect(entry["end"] as? String == "2026-11-20T10:20:00+09:00" && entry["durationSeconds"] as? Int == 1195)
        #expect(entry["withoutServerSeconds"] as? Int == 7, "from the first failure to the fallback")
        let fallback = try #require(entry["fallback"] as? [String: Any])
        #expect(fallback["at"] as? String == "2026-11-20T10:00:07+09:00" && fallback["serverId"] as? String == "pn51")
        let reason = try #require(entry["reason"] as? [String: Any])
        #expect(reason["code"] as? String == "timeout" && (reason["params"] as? [String: Any])?["seconds"] as? Int == 10)
        #expect(entry["bcpTriggerPassed"] as? Bool == true && entry["drill"] as? Bool == false)
        let alerts = try #require(entry["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["event"] as? String } == ["server_down", "fallback_started", "server_up"])
        let deliveries = try #require(alerts.first?["deliveries"] as? [[String: Any]])
        #expect(deliveries.map { $0["target"] as? String } == [Self.hook, "https://hooks.example/x?***"], "no query, no secret")
        #expect(deliveries.map { $0["outcome"] as? String } == ["delivered", "retry"])
        #expect(deliveries.first?["at"] as? String == "2026-11-20T10:00:05+09:00")
        #expect((entry["notes"] as? [[String: Any]])?.count == 2)
        #expect(!json.standardOutput.contains(Self.secret))
        let drills = try #require(document["drills"] as? [[String: Any]])
        #expect(drills.count == 1, "\(drills)")
        let drill = try #require(drills.first)
        #expect(drill["id"] as? String == "drill-1795150800" && drill["scenario"] as? String == "down"
                && drill["serverId"] as? String == "mac-mini", "\(drill)")
        #expect(drill["start"] as? String == "2026-11-20T14:00:00+09:00"
                && drill["firstAlertAt"] as? String == "2026-11-20T14:00:12+09:00" && drill["firstAlertEvent"] as? String == "server_down"
                && drill["firstAlertDelaySeconds"] as? Int == 12
                && drill["fallbackAt"] as? String == "2026-11-20T14:00:14+09:00" && drill["fallbackServerId"] as? String == "pn51"
                && drill["fallbackDelaySeconds"] as? Int == 14
                && drill["acknowledgedAt"] as? String == "2026-11-20T14:01:35+09:00" && drill["acknowledgedBy"] as? String == "yamada"
                && drill["acknowledgedDelaySeconds"] as? Int == 95
                && drill["end"] as? String == "2026-11-20T14:15:00+09:00" && drill["endedBy"] as? String == "restart"
                && drill["closedByRestart"] as? Bool == true && drill["participants"] as? String == "山田、佐藤", "\(drill)")
        #expect((drill["notes"] as? [[String: Any]])?.map { $0["text"] as? String } == ["紙の記録用紙を確認"], "\(drill)")
        // The drill's alerts are its own, with target, time and outcome; never the real incident's.
        let drillAlerts = try #require(drill["alerts"] as? [[String: Any]])
        #expect(drillAlerts.map { $0["event"] as? String } == ["server_down", "server_up"], "\(drillAlerts)")
        #expect(drillAlerts.map { $0["at"] as? String } == ["2026-11-20T14:00:12+09:00", "2026-11-20T14:15:05+09:00"])
        let drillDelivery = try #require((drillAlerts.first?["deliveries"] as? [[String: Any]])?.first)
        #expect(drillDelivery["target"] as? String == Self.drillHook && drillDelivery["outcome"] as? String == "failed"
                && drillDelivery["at"] as? String == "2026-11-20T14:00:12+09:00", "\(drillDelivery)")
        #expect(!alerts.contains { ($0["deliveries"] as? [[String: Any]])?.contains { $0["target"] as? String == Self.drillHook } == true },
                "a drill's alert in the outage's minutes is not the real incident's: \(alerts)")

        // md and html: the words of the run's language, with the same facts.
        let l = Localizer(language: language)
        let words = [l.text("report.col.occurred"), l.text("report.col.confirmed"), l.text("report.col.end"),
                     l.text("report.duration", ["minutes": "19", "seconds": "55"]), "2026-11-20 10:00:07 +09:00",
                     l.text("report.yes"), l.text("report.real"), l.text("report.outcome.delivered"), "pn51",
                     l.text("report.scenario.down"), l.text("report.duration", ["minutes": "1", "seconds": "35"]), "山田、佐藤",
                     // The drill record: its steps with their delays, how it ended, its alerts.
                     l.text("report.drill.step_value", ["time": "2026-11-20 14:00:12 +09:00", "what": "server_down",
                                                         "delay": l.text("report.duration", ["minutes": "0", "seconds": "12"])]),
                     l.text("report.drill.step_value", ["time": "2026-11-20 14:00:14 +09:00", "what": "→ pn51",
                                                         "delay": l.text("report.duration", ["minutes": "0", "seconds": "14"])]),
                     l.text("report.drill.step_value", ["time": "2026-11-20 14:01:35 +09:00", "what": "yamada",
                                                         "delay": l.text("report.duration", ["minutes": "1", "seconds": "35"])]),
                     l.text("drill.ended_by.restart"), l.text("report.drill.ended_by"), "紙の記録用紙を確認",
                     l.text("report.alert_value", ["event": "server_down", "target": Self.drillHook,
                                                   "time": "2026-11-20 14:00:12 +09:00", "outcome": l.text("report.outcome.failed")]),
                     l.text("report.alert_value", ["event": "server_up", "target": Self.drillHook,
                                                   "time": "2026-11-20 14:15:05 +09:00", "outcome": l.text("report.outcome.failed")])]
        for format in ["md", "html"] {
            let result = try await session.run(arguments: ["report"] + period + ["--format", format], environment: Self.tz)
            #expect(result.exitCode == 0, "\(result)")
            for word in words + [ReasonWords.message(IncidentReason(code: "timeout", params: ["seconds": "10"]), localizer: l)] {
                // As each format writes text: html escapes quotes, md the markup characters.
                let written = format == "html" ? word.replacingOccurrences(of: "\"", with: "&quot;")
                    : word.replacingOccurrences(of: "_", with: "\\_")
                #expect(result.standardOutput.contains(written),
                        "\(format) \(language): \(word)")
            }
            #expect(result.standardOutput.contains("LAN ケーブルの抜け"), "\(format)")
            // A sample for a person to read (docs, the note), when asked for.
            if let sample = ProcessInfo.processInfo.environment["VERBUMCARE_BCP_SAMPLE"], language == .ja, format == "md" {
                try result.standardOutput.write(toFile: sample, atomically: true, encoding: .utf8)
            }
            #expect(!result.standardOutput.contains(Self.secret))
        }
        let html = try await session.run(arguments: ["report"] + period + ["--format", "html"], environment: Self.tz)
        #expect(!html.standardOutput.contains("<script") && !html.standardOutput.contains("http://")
                && !html.standardOutput.contains("src="), "self-contained")
        #expect(html.standardOutput.contains("size: A4"))

        // csv: to a file, read back by Python's csv module.
        let folder = session.home.path + "/out"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let csvPath = folder + "/report.csv"
        let csv = try await session.run(arguments: ["report"] + period + ["--format", "csv", "--output", csvPath], environment: Self.tz)
        #expect(csv.exitCode == 0, "\(csv)")
        let bytes = try #require(FileManager.default.contents(atPath: csvPath))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF], "UTF-8 with a byte-order mark")
        let script = """
            import csv, json, sys
            with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:
                rows = list(csv.reader(f))
            print(json.dumps(rows, ensure_ascii=False))
            """
        try script.write(toFile: folder + "/read.py", atomically: true, encoding: .utf8)
        let python = try await ProcessRunner.output("python3", [folder + "/read.py", csvPath])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(python.utf8)) as? [[String]])
        #expect(rows.count == 2, "a header row and one row per incident: \(rows)")
        let columns = ["id", "kind", "occurred", "confirmed", "detection", "server", "in_use", "reason", "without_server",
                       "fallback", "alerts", "end", "duration", "trigger", "notes"]
        #expect(rows.first == columns.map { l.text("report.col." + $0) })
        let row = Dictionary(uniqueKeysWithValues: zip(columns, rows.last ?? []))
        #expect(row["id"] == String(id) && row["occurred"] == "2026-11-20 10:00:00 +09:00")
        #expect(row["duration"] == l.text("report.duration", ["minutes": "19", "seconds": "55"]))
        #expect(row["trigger"] == l.text("report.yes") && row["in_use"] == l.text("report.yes"))
        #expect(row["notes"]?.contains("LAN ケーブルの抜け｜再接続で復旧\nfollow-up: 交換予定") == true, "\(row)")

        // LibreOffice headless, where installed: the Japanese survives the conversion.
        if language == .ja, FileManager.default.isExecutableFile(atPath: "/usr/bin/soffice") {
            // To a spreadsheet (xlsx) and back to text: the cells hold the Japanese. Headless
            // LibreOffice has no import dialog (which detects the BOM), so the CSV filter is
            // told UTF-8 (76), as a person picks it there.
            let converted = try await ProcessRunner.output("sh", ["-c", """
                cd '\(folder)' && export HOME='\(folder)/lo-home' && \
                soffice --headless --infilter='CSV:44,34,76,1' --convert-to xlsx --outdir '\(folder)/lo' '\(csvPath)' >/dev/null 2>&1 && \
                soffice --headless --convert-to csv:'Text - txt - csv (StarCalc)':44,34,76 --outdir '\(folder)/back' \
                '\(folder)/lo/report.xlsx' >/dev/null 2>&1; cat '\(folder)/back/report.csv'
                """])
            #expect(converted.contains("LAN ケーブルの抜け") && converted.contains(l.text("report.col.occurred")), "\(converted)")
        }
    }
}

/// A program's standard output, waited for on a thread of its own (not the cooperative pool).
enum ProcessRunner {
    static func output(_ program: String, _ arguments: [String]) async throws -> String {
        try await OwnThread.run(throwing: {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        })
    }
}
