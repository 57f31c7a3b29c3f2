import AppCore
import Localization
import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// The BCP report of random histories (SPEC §16): every incident that overlaps the period is
/// listed exactly once (fallback spells are not incidents of their own), oldest first; each
/// entry's duration is its end (or the report's end) minus its confirmation; each server's
/// downtime in the systems list is the sum of its outages' durations, and its longest outage
/// their largest; every format names every incident in every language.
@Suite("BCP report: random histories")
struct BCPReportPropertyTests: RandomChoices {
    static let servers = ["verbumcare-lab", "pn51", "nagoya"]
    static let from: Int64 = 1_764_000_000_000
    static let to: Int64 = from + 30 * 86_400_000

    static let histories = shrinking { rng -> BCPReportInput in
        var incidents: [Incident] = []
        for id in Int64(1)..<(Int64(int(0...12, &rng)) + 1) {
            let start = from + Int64(int(-3 * 86_400...33 * 86_400, &rng)) * 1000
            let open = chance(0.15, &rng)
            let end = open ? nil : start + Int64(int(0...7200, &rng)) * 1000
            let fallback = chance(0.15, &rng)
            let server = fallback ? "fallback:verbumcare-lab" : pick(servers, &rng)
            incidents.append(Incident(id: id, serverId: server, start: start, end: end,
                                      reasonCode: pick(["timeout", "http_status", "cert_expiring", "dns"], &rng)))
        }
        // Drills (seconds, as the drill file keeps them), one after another, and alerts real
        // and of drills (`drill:` keys) around them.
        var drills: [DrillRecord] = []
        var alerts: [BCPReportInput.Alert] = []
        for _ in 0..<int(0...3, &rng) {
            let start = Double(from / 1000 + Int64(int(-86_400...31 * 86_400, &rng)))
            let server = pick(servers, &rng)
            var drill = DrillRecord(scenario: pick(DrillRecord.Scenario.allCases, &rng), serverId: server, start: start,
                                    until: start + Double(int(60...4 * 3600, &rng)))
            if chance(0.8, &rng) { drill.end = start + Double(int(0...Int(drill.until - start), &rng)) }
            drills.append(drill)
        }
        for _ in 0..<int(0...20, &rng) {
            let at = from + Int64(int(-86_400...31 * 86_400, &rng)) * 1000
            alerts.append(BCPReportInput.Alert(kind: pick(["server_down", "server_up", "fallback_started"], &rng),
                                               serverId: pick(servers, &rng), created: at,
                                               deliveries: [.init(target: "/hooks/a", status: "delivered", at: at)],
                                               drill: chance(0.5, &rng)))
        }
        for drill in drills where chance(0.7, &rng) {
            let at = Int64(drill.start * 1000) + Int64(int(0...Int(((drill.end ?? drill.until) - drill.start) * 1000), &rng))
            alerts.append(BCPReportInput.Alert(kind: "server_down", serverId: drill.serverId, created: at,
                                               deliveries: [.init(target: "/hooks/a", status: "delivered", at: at)], drill: true))
        }
        return BCPReportInput(
            facility: FacilityProfile(name: "さくら", number: "1371234567", bcpTriggerMinutes: int(1...30, &rng)),
            box: "box", from: from, to: to, madeAt: to, configuredServerId: "verbumcare-lab", fallbackServerId: "pn51",
            servers: servers.map { .init(id: $0, displayName: $0, baseUrl: "https://\($0).local/api", uptimeRatio: nil, coverage: nil) },
            incidents: incidents, alerts: alerts, drills: drills)
    }

    @Test("over 100 random histories: every incident once, durations that add up")
    func everyIncidentOnce() async {
        await propertyCheck(count: 100, input: Self.histories) { input in
            let report = BCPReport.make(input)
            let expected = input.incidents.filter {
                !$0.serverId.hasPrefix("fallback:") && $0.start <= input.to && ($0.end ?? .max) >= input.from
            }
            #expect(report.incidents.map(\.id).sorted() == expected.map(\.id).sorted(), "\(input.incidents)")
            #expect(report.incidents.map(\.confirmedAt) == report.incidents.map(\.confirmedAt).sorted(), "oldest first")
            for entry in report.incidents {
                let incident = try #require(expected.first { $0.id == entry.id })
                #expect(entry.durationSeconds == ((incident.end ?? input.to) - incident.start) / 1000)
                #expect(entry.bcpTriggerPassed == (incident.serverId == "verbumcare-lab" && incident.reasonCode != "cert_expiring"
                    && (incident.end ?? input.to) - incident.start > Int64(input.facility.bcpTrigger.minutes) * 60_000))
            }
            for row in report.systems {
                let outages = report.incidents.filter { $0.serverId == row.id && $0.isOutage }
                #expect(row.downtimeSeconds == outages.reduce(0) { $0 + $1.durationSeconds })
                #expect(row.longestOutageSeconds == outages.map(\.durationSeconds).max())
                #expect(row.incidentCount == report.incidents.filter { $0.serverId == row.id }.count)
            }
            #expect(report.systems.reduce(0) { $0 + $1.incidentCount } == report.incidents.count)
        }
    }

    @Test("over 100 random histories: each drill of the period once, with its own alerts; a real incident never lists a drill's")
    func drillsAndTheirAlerts() async {
        await propertyCheck(count: 100, input: Self.histories) { input in
            let report = BCPReport.make(input)
            let expected = input.drills.filter {
                $0.start * 1000 < Double(input.to) && ($0.end ?? $0.until) * 1000 >= Double(input.from)
            }
            #expect(report.drills.map(\.record) == expected.sorted { $0.start < $1.start }, "every drill of the period, once")
            for entry in report.incidents {
                #expect(entry.alerts.allSatisfy { !$0.drill }, "a real incident lists real alerts only")
            }
            for entry in report.drills {
                let drill = entry.record
                let own = input.alerts.filter { alert in
                    let at = Double(alert.created) / 1000
                    return alert.drill && alert.serverId == drill.serverId && at >= drill.start && at <= (drill.end ?? drill.until) + 60
                }
                #expect(entry.alerts == own.sorted { $0.created < $1.created }, "\(drill)")
            }
            // In every language and format, each drill is named with its alerts' targets.
            for language in AppLanguage.allCases {
                let localizer = Localizer(language: language)
                for format in [BCPReportFormat.md, .html, .json] {
                    let text = String(decoding: format.render(report, localizer: localizer, time: .fixed(utcOffsetSeconds: 9 * 3600)),
                                      as: UTF8.self)
                    for entry in report.drills {
                        #expect(text.contains(entry.record.id), "\(format) \(language)")
                        #expect(entry.alerts.isEmpty || text.contains("/hooks/a"), "\(format) \(language)")
                    }
                }
            }
        }
    }

    @Test("every format names every incident, in every language")
    func everyFormat() async {
        await propertyCheck(count: 100, input: Self.histories) { input in
            let report = BCPReport.make(input)
            for language in AppLanguage.allCases {
                let localizer = Localizer(language: language)
                let csv = String(decoding: BCPReportFormat.csv.render(report, localizer: localizer, time: .fixed(utcOffsetSeconds: 9 * 3600)),
                                 as: UTF8.self)
                // One header row and one row per incident (cells with line breaks are quoted).
                #expect(BCPReportCSVReader.rows(csv).count == report.incidents.count + 1, "\(language)")
                for format in [BCPReportFormat.md, .html, .json] {
                    let text = String(decoding: format.render(report, localizer: localizer, time: .fixed(utcOffsetSeconds: 9 * 3600)),
                                      as: UTF8.self)
                    for entry in report.incidents {
                        #expect(text.contains(format == .json ? "\"id\": \(entry.id)," : " \(entry.id) "), "\(format) \(language)")
                    }
                }
            }
        }
    }
}

@Suite struct BCPReportCSVCellTests {
    @Test func aCellNeverStartsAsAFormulaAndQuotesWhatItMust() {
        #expect(BCPReportCSV.field("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(BCPReportCSV.field("+1") == "'+1" && BCPReportCSV.field("-1") == "'-1" && BCPReportCSV.field("@a") == "'@a")
        #expect(BCPReportCSV.field("a,b") == "\"a,b\"" && BCPReportCSV.field("a\nb") == "\"a\nb\"")
        #expect(BCPReportCSV.field("障害") == "障害")
    }
}

/// Reads RFC 4180 back (quoted cells with commas, quotes and line breaks): rows of cells.
enum BCPReportCSVReader {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var chars = Array(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { cell.append("\""); chars.removeFirst() } else { quoted = false }
                } else {
                    cell.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(cell); cell = ""
            } else if c == "\r\n" || c == "\n" {
                row.append(cell); cell = ""
                rows.append(row); row = []
            } else {
                cell.append(c)
            }
        }
        return rows
    }
}
