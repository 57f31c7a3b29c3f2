import AppCore
import ArgumentParser
import Foundation
import History
import Localization

/// `verbumcare-bench report`: the BCP report's target of SPEC §16 — a year of 10 servers in
/// under 1 s. A history of `servers` servers over `days` days (probes every `intervalSeconds`,
/// so the fill takes seconds; the report reads hour rows, which do not depend on the
/// interval), an incident every `incidentHours` hours per server with a note, and three
/// alerts per incident in the outbox, each to a hook and a webhook; then the whole `report`
/// (history and outbox read, the model made, all four formats rendered), the median of `runs`.
struct ReportBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Time to make the BCP report of a year of 10 servers in the four formats.")

    @Option(help: "Servers.") var servers = 10
    @Option(help: "Days of history.") var days: Int64 = 365
    @Option(help: "Seconds between probes of each server in the fill.") var intervalSeconds: Int64 = 300
    @Option(help: "Hours between incidents of each server.") var incidentHours: Int64 = 168
    @Option(help: "Repeats (the median is reported).") var runs = 5

    /// 2025-01-01T00:00:00Z.
    static let start: Int64 = 1_735_689_600_000

    func run() throws {
        let folder = try BenchFolder()
        defer { folder.remove() }
        let end = Self.start + days * 86_400_000
        let ids = (0..<servers).map { "server-\($0)" }
        let database = try HistoryDatabase.open(path: folder.path + "/history.sqlite3", readOnly: false, now: end).get()
        let outbox = try AlertOutbox.open(path: folder.path + "/outbox.sqlite3", now: end).get()
        let began = monotonicMs()
        var incidentCount = 0
        let interval = intervalSeconds * 1000
        for day in 0..<days {
            var batch: [ProbeSample] = []
            let dayStart = Self.start + day * 86_400_000
            var at = dayStart
            while at < dayStart + 86_400_000 {
                for (index, id) in ids.enumerated() {
                    let down = (at / 3_600_000 + Int64(index)) % incidentHours == 0 && (at % 3_600_000) < 600_000
                    batch.append(ProbeSample(serverId: id, at: at, ok: !down, latencyMs: down ? nil : 4,
                                             reasonCode: down ? "timeout" : nil, boundMs: interval + 10_000))
                }
                at += interval
            }
            try database.record(batch)
            for hour in 0..<Int64(24) {
                let hourStart = dayStart + hour * 3_600_000
                for (index, id) in ids.enumerated() where (hourStart / 3_600_000 + Int64(index)) % incidentHours == 0 {
                    let incident = try database.openIncident(serverId: id, start: hourStart + 5000,
                                                             reason: IncidentReason(code: "timeout", params: ["seconds": "10"]))
                    try database.closeIncident(id: incident, end: hourStart + 600_000)
                    _ = try database.addNote(incidentId: incident, at: hourStart + 700_000, author: "bench", text: "LAN ケーブルを交換")
                    for (kind, offset) in [("server_down", Int64(6000)), ("fallback_started", 8000), ("server_up", 601_000)] {
                        let key = "\(kind):\(id):\(hourStart)"
                        _ = try outbox.store(OutboxAlert(key: key, created: hourStart + offset, kind: kind, serverId: id, body: "{}",
                                                         environment: [:], targets: [.hook(path: "/hooks/mail"), .webhook(url: "https://h.example/x")]))
                        try outbox.record(key: key, target: .hook(path: "/hooks/mail"),
                                          outcome: AlertOutcome(status: .delivered, detail: "exit 0", at: Double(hourStart + offset + 100) / 1000))
                    }
                    incidentCount += 1
                }
            }
        }
        print(String(format: "report: filled %d servers × %lld days (%d incidents) in %.1f s", servers, days, incidentCount,
                     (monotonicMs() - began) / 1000))
        var times: [Double] = []
        var sizes: [Int] = []
        for _ in 0..<runs {
            let t = monotonicMs()
            let reader = try HistoryDatabase.open(path: folder.path + "/history.sqlite3", readOnly: true, now: end).get()
            let data = try reader.reportData(serverIds: ids, from: Self.start, to: end, now: end)
            let alerts = try outbox.ledger(from: Self.start, to: end)
            let input = BCPReportInput(
                facility: FacilityProfile(name: "さくら", number: "1371234567"), box: "bench", from: Self.start, to: end, madeAt: end,
                configuredServerId: ids[0], fallbackServerId: ids[1],
                servers: ids.map { .init(id: $0, displayName: $0, baseUrl: "https://\($0)/api",
                                         uptimeRatio: data.figures[$0]?.uptimeRatio, coverage: data.figures[$0]?.coverage) },
                incidents: data.incidents, firstFailures: data.firstFailures, notes: data.notes, alerts: alerts)
            let report = BCPReport.make(input)
            sizes = BCPReportFormat.allCases.map {
                $0.render(report, localizer: Localizer(language: .ja), time: .fixed(utcOffsetSeconds: 9 * 3600)).count
            }
            times.append(monotonicMs() - t)
        }
        print(String(format: "report: a year of %d servers, read + model + md, csv, html, json: median %.0f ms (%@ bytes)",
                     servers, Sample(values: times).median, sizes.map(String.init).joined(separator: ", ")))
    }
}
