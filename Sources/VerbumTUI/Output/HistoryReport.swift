import Localization
import SettingsStore
import SettingsUI

/// `history`'s output: JSON `{servers: [{id, displayName, windows: {"24h": {uptimeRatio,
/// coverage, probes, p50Ms, p95Ms, p99Ms}, …}, incidents: [{start, end, durationSeconds,
/// reason: {code, message}}]}]}` (times ISO-8601 UTC, newest first), or lines for people.
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
                ]))
            }
            let incidents = (summary?.incidents(of: server.id) ?? []).map { incident -> JSON in
                let code = incident.reasonCode
                let message = ConnectivityErrorCode(rawValue: code).map {
                    localizer.text(ConnectivityMessages.messageKey(ConnectivityError(code: $0, message: "")),
                                   ["seconds": "?", "status": "?", "host": URLHost.of(server.baseUrl) ?? "", "days": "?"])
                }
                return .object([
                    ("start", .string(UTCTimestamp.iso8601Seconds(Double(incident.start) / 1000))),
                    ("end", .optional(incident.end.map { UTCTimestamp.iso8601Seconds(Double($0) / 1000) })),
                    // null while open (SPEC §15.2: `durationSeconds|null`), like `end`.
                    ("durationSeconds", incident.durationSeconds.map { .int(DurationText.wholeSeconds(Double($0))) } ?? .null),
                    ("open", .bool(incident.isOpen)),
                    ("reason", .object([("code", .string(code)), ("message", .optional(message))])),
                ])
            }
            return .object([("id", .string(server.id)), ("displayName", .string(server.displayName)),
                            ("windows", .object(JSONObject(windowFields))), ("incidents", .array(incidents))])
        }))])
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
