import Localization

/// The BCP report worded in one language: the header's lines, the systems list (様式1), one
/// row per incident and one per drill, as label and text. `md`, `csv` and `html` lay these
/// out; none of them words a fact itself, so the three cannot disagree.
public struct BCPReportSheet: Sendable {
    public var title: String
    public var header: [(label: String, value: String)]
    public var systemsTitle: String
    public var systemColumns: [String]
    public var systemRows: [[String]]
    public var incidentsTitle: String
    public var incidentColumns: [String]
    /// One per incident, in `incidentColumns`' order.
    public var incidentRows: [[String]]
    public var noIncidents: String
    public var drillsTitle: String
    public var drillColumns: [String]
    public var drillRows: [[String]]
    public var noDrills: String

    public init(_ report: BCPReport, localizer l: Localizer, time: ReportTime) {
        func t(_ key: String, _ p: [String: String] = [:]) -> String { l.text("report." + key, p) }
        func when(_ ms: Int64?) -> String { ms.map(time.text) ?? t("unknown") }
        func duration(_ seconds: Int64?) -> String {
            guard let seconds else { return t("unknown") }
            return t("duration", ["minutes": String(seconds / 60), "seconds": String(seconds % 60)])
        }
        func percent(_ ratio: Double?) -> String {
            guard let ratio else { return t("unknown") }
            return FixedDecimal.text(ratio * 100, digits: 2) + " %"
        }
        func yes(_ flag: Bool) -> String { flag ? t("yes") : t("no") }
        /// The drill file's seconds as the report's milliseconds.
        func ms(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
        /// 連絡した先: one line per alert and target, with its time and outcome.
        func alertLines(_ alerts: [BCPReportInput.Alert]) -> String {
            alerts.isEmpty ? t("none") : alerts.flatMap { alert in
                alert.deliveries.map { d in
                    t("alert_value", ["event": alert.kind, "target": d.target, "time": when(d.at ?? alert.created),
                                      "outcome": t("outcome." + d.status)])
                }
            }.joined(separator: "\n")
        }

        title = t("title")
        header = [(t("facility_name"), report.facilityName ?? t("not_set")),
                  (t("facility_number"), report.facilityNumber ?? t("not_set")),
                  (t("box"), report.box),
                  (t("period"), time.text(report.from) + " – " + time.text(report.to)),
                  (t("made_at"), time.text(report.madeAt)),
                  (t("trigger"), t("trigger_value", ["minutes": String(report.bcpTriggerMinutes)]))]
        systemsTitle = t("systems")
        systemColumns = [t("col.server"), t("col.address"), t("col.role"), t("col.uptime"), t("col.coverage"),
                         t("col.incidents"), t("col.longest"), t("col.downtime")]
        systemRows = report.systems.map { s in
            [s.displayName + " (" + s.id + ")", s.baseUrl, t("role." + s.role.rawValue), percent(s.uptimeRatio),
             percent(s.coverage), String(s.incidentCount),
             s.longestOutageSeconds.map { duration($0) } ?? t("none"), duration(s.downtimeSeconds)]
        }
        incidentsTitle = t("incidents")
        incidentColumns = [t("col.id"), t("col.kind"), t("col.occurred"), t("col.confirmed"), t("col.detection"),
                           t("col.server"), t("col.in_use"), t("col.reason"), t("col.without_server"), t("col.fallback"),
                           t("col.alerts"), t("col.end"), t("col.duration"), t("col.trigger"), t("col.notes")]
        incidentRows = report.incidents.map { i in
            let fallback = i.fallbackAt.map { at in
                t("fallback_value", ["time": time.text(at), "server": i.fallbackServerId ?? ""])
            } ?? t("none")
            let notes = i.notes.isEmpty ? t("none") : i.notes.map { n in
                time.text(n.at) + " " + n.author + ": " + n.text
            }.joined(separator: "\n")
            let trigger = i.isOutage ? yes(i.bcpTriggerPassed) : t("not_outage")
            return [String(i.id), i.drill ? t("drill") : t("real"), when(i.occurredAt), time.text(i.confirmedAt),
                    duration(i.detectionSeconds), i.serverName + " (" + i.serverId + ")", yes(i.wasInUse),
                    ReasonWords.message(i.reason, localizer: l), duration(i.withoutServerSeconds), fallback, alertLines(i.alerts),
                    i.end.map(time.text) ?? t("open"), duration(i.durationSeconds), trigger, notes]
        }
        noIncidents = t("no_incidents")
        drillsTitle = t("drills")
        drillColumns = [t("drill.id"), t("drill.scenario"), t("col.server"), t("drill.start"), t("drill.first_alert"),
                        t("drill.fallback"), t("drill.ack"), t("col.end"), t("drill.ended_by"), t("drill.participants"),
                        t("col.notes"), t("col.alerts")]
        drillRows = report.drills.map { entry in
            let d = entry.record
            // The drill file can be edited by hand: its text is cleaned like a server's.
            func clean(_ text: String) -> String { TextSanitizer.clean(text, keepingLineBreaks: true) }
            // A step of the drill: when, what, and how long after the start.
            func step(_ at: Double?, _ what: String) -> String {
                guard let at else { return t("none") }
                return t("drill.step_value", ["time": time.text(ms(at)), "what": what,
                                              "delay": duration(Int64((at - d.start).rounded()))])
            }
            let notes = d.notes.isEmpty ? t("none")
                : d.notes.map { time.text(ms($0.at)) + " " + clean($0.text) }.joined(separator: "\n")
            let participants = clean(d.participants ?? "")
            return [clean(d.id), t("scenario." + d.scenario.rawValue), clean(d.serverId), time.text(ms(d.start)),
                    step(d.firstAlert?.at, clean(d.firstAlert?.event ?? "")),
                    step(d.fallback?.at, "→ " + clean(d.fallback?.toServerId ?? "")),
                    step(d.acknowledged?.at, clean(d.acknowledged?.by ?? "")), d.end.map { time.text(ms($0)) } ?? t("open"),
                    d.endedBy.map { l.text("drill.ended_by." + $0.rawValue) } ?? t("open"),
                    participants.isEmpty ? t("none") : participants, notes, alertLines(entry.alerts)]
        }
        noDrills = t("no_drills")
    }
}
