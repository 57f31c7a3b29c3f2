import History
import Localization
import SettingsStore
import SettingsUI

/// `history`'s output: JSON `{servers: [{id, displayName, windows: {"24h": {uptimeRatio,
/// coverage, probes, p50Ms, p95Ms, p99Ms, upMs, coveredMs}, …}, incidents: [{id, start, end, durationSeconds,
/// open, reason: {code, params, message}, notes: [{id, at, author, text}], drill}]}]}` (times ISO-8601 UTC,
/// newest first), or lines for
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
                    ("id", .int(Int(incident.id))),
                    ("start", .string(UTCTimestamp.iso8601Seconds(Double(incident.start) / 1000))),
                    ("end", .optional(incident.end.map { UTCTimestamp.iso8601Seconds(Double($0) / 1000) })),
                    // null while open (SPEC §15.2: `durationSeconds|null`), like `end`.
                    ("durationSeconds", incident.durationSeconds.map { .int(DurationText.wholeSeconds(Double($0))) } ?? .null),
                    ("open", .bool(incident.isOpen)),
                    ("reason", reasonJSON(incident.reason, localizer: localizer)),
                    ("notes", notesJSON(summary?.notes[incident.id] ?? [])),
                    // A drill's outage is never written to history (the drill record keeps it).
                    ("drill", .bool(false)),
                ])
            }
            return .object(JSONObject([("id", .string(server.id)), ("displayName", .string(server.displayName))]
                                          + ServerNames.hostFields(server)
                                          + [("windows", .object(JSONObject(windowFields))), ("incidents", .array(incidents))]))
        }))])
    }

    /// An incident's notes `[{id, at, author, text}]`, times ISO-8601 UTC (`history`, `incidents`).
    static func notesJSON(_ notes: [IncidentNote]) -> JSON {
        .array(notes.map { note in
            .object([("id", .int(Int(note.id))), ("at", .string(UTCTimestamp.iso8601Seconds(Double(note.at) / 1000))),
                     ("author", .string(TextSanitizer.clean(note.author))),
                     ("text", .string(TextSanitizer.clean(note.text, keepingLineBreaks: true)))])
        })
    }

    /// `{code, params, message}` worded in `localizer`'s language.
    static func reasonJSON(_ reason: IncidentReason, localizer: Localizer) -> JSON {
        reason.json(message: ReasonWords.message(reason, localizer: localizer))
    }

    /// What the outbox says (SPEC §15.3: each target's last outcome and what waits): targets
    /// named without credentials or query.
    static func alertsJSON(_ summary: OutboxSummary?) -> JSON {
        let targets = (summary?.lastOutcomes ?? [:]).sorted { $0.key < $1.key }.map { target, outcome -> JSON in
            let (kind, name): (String, String) = switch target {
            case .hook(let path): ("hook", path)
            case .webhook(let url): ("webhook", WebhookAddress.redacted(url))
            }
            return .object([("kind", .string(kind)), ("target", .string(TextSanitizer.clean(name))),
                            ("status", .string(outcome.status.rawValue)), ("detail", .string(TextSanitizer.clean(outcome.detail))),
                            ("at", .string(UTCTimestamp.iso8601Seconds(outcome.at)))])
        }
        return .object([("waiting", .int(summary?.waiting ?? 0)), ("targets", .array(targets))])
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
