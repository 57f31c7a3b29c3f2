import Localization
import SettingsStore
import SettingsUI

/// `history`'s output: JSON `{servers: [{id, displayName, windows: {"24h": {uptimeRatio,
/// coverage, probes, p50Ms, p95Ms, p99Ms, upMs, coveredMs}, …}, incidents: [{start, end, durationSeconds,
/// reason: {code, params, message}}]}]}` (times ISO-8601 UTC, newest first), or lines for
/// people. `params` keeps the reason's numbers (`{"status": 502}`), `message` words them in
/// the chosen language.
enum HistoryReport {
    static func json(servers: [ServerConfig], windows: [HistoryWindow], summary: HistorySummary?,
                     localizer: Localizer) -> JSON {
        .object([("servers", .array(servers.map { server in
            let figures = summary?.figures[server.id] ?? [:]
            let windowFields: [(String, JSON)] = windows.map { window in
                let f = figures[window]
                return (window.rawValue, .object([
                    ("uptimeRatio", f?.uptimeRatio.map(JSON.double) ?? .null),
                    ("coverage", .double(f?.coverage ?? 0)),
                    ("probes", .int(f?.probes ?? 0)),
                    ("p50Ms", f?.p50Ms.map(JSON.double) ?? .null),
                    ("p95Ms", f?.p95Ms.map(JSON.double) ?? .null),
                    ("p99Ms", f?.p99Ms.map(JSON.double) ?? .null),
                    // The stopwatch's own sums: time up and time covered, in ms.
                    ("upMs", .int(Int(f?.upMs ?? 0))),
                    ("coveredMs", .int(Int(f?.coveredMs ?? 0))),
                ]))
            }
            let incidents = (summary?.incidents(of: server.id) ?? []).map { incident -> JSON in
                .object([
                    ("start", .string(UTCTimestamp.iso8601Seconds(Double(incident.start) / 1000))),
                    ("end", .optional(incident.end.map { UTCTimestamp.iso8601Seconds(Double($0) / 1000) })),
                    // null while open (SPEC §15.2: `durationSeconds|null`), like `end`.
                    ("durationSeconds", incident.durationSeconds.map { .int(DurationText.wholeSeconds(Double($0))) } ?? .null),
                    ("open", .bool(incident.isOpen)),
                    ("reason", reasonJSON(incident.reason, localizer: localizer)),
                ])
            }
            return .object([("id", .string(server.id)), ("displayName", .string(server.displayName)),
                            ("windows", .object(JSONObject(windowFields))), ("incidents", .array(incidents))])
        }))])
    }

    /// `{code, params, message}`: numbers as JSON numbers, names (a host) as strings.
    static func reasonJSON(_ reason: IncidentReason, localizer: Localizer) -> JSON {
        let params = reason.params.sorted { $0.key < $1.key }.map { name, value -> (String, JSON) in
            (name, Int(value).map(JSON.int) ?? .string(TextSanitizer.clean(value)))
        }
        return .object([("code", .string(TextSanitizer.clean(reason.code))), ("params", .object(JSONObject(params))),
                        ("message", .string(ReasonWords.message(reason, localizer: localizer)))])
    }

    static func lines(servers: [ServerConfig], windows: [HistoryWindow], summary: HistorySummary?, now: Double,
                      text: HistoryText) -> [String] {
        var lines: [String] = []
        for server in servers {
            if !lines.isEmpty { lines.append("") }
            lines.append(text.serverName(server))
            for window in windows {
                lines.append("  " + text.windowLine(window, summary?.figures[server.id]?[window]))
            }
            for incident in summary?.incidents(of: server.id) ?? [] {
                lines.append("  " + text.incidentLine(incident, now: now))
            }
        }
        return lines
    }
}
