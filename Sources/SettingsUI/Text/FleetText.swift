import AppCore
import Localization
import TerminalRendering

/// The fleet in words (SPEC §15.4), one home for the `fleet` view and the command's text
/// output: the column headings, a row's cells, a box's servers, the problems of a query.
public struct FleetText: Sendable {
    public enum Column: String, CaseIterable, Sendable {
        case facility, box, server, status, fallback, uptime, p95, certificate
        case lastRound = "last_round"
    }

    let localizer: Localizer
    let history: HistoryText

    public init(language: AppLanguage) {
        localizer = Localizer(language: language)
        history = HistoryText(language: language)
    }

    public func heading(_ column: Column) -> String {
        localizer.text("fleet.column.\(column.rawValue)")
    }

    public func statusWord(_ status: FleetRow.Status) -> String {
        localizer.text("fleet.status.\(status.rawValue)")
    }

    /// The mark beside the status word (never the status alone: the word is always there).
    public static func symbol(_ status: FleetRow.Status) -> String {
        switch status {
        case .silent: "◌"
        case .down: "✗"
        case .fallback, .warning: "!"
        case .ok: "●"
        case .unknown: "?"
        }
    }

    public static func color(_ status: FleetRow.Status) -> SemanticColor {
        switch status {
        case .silent, .down: .error
        case .fallback, .warning: .warning
        case .ok: .ok
        case .unknown: .muted
        }
    }

    /// One cell of a row, as shown ("–" where the box exports nothing).
    public func cell(_ column: Column, _ row: FleetRow) -> String {
        switch column {
        case .facility: row.facility.isEmpty ? "–" : row.facility
        case .box: row.box.isEmpty ? "–" : row.box
        case .server: row.serverInUse ?? "–"
        case .status: statusWord(row.status)
        case .fallback: localizer.text(row.fallback ? "fleet.fallback.yes" : "fleet.fallback.no")
        case .uptime: history.uptime(row.inUse?.uptime24h)
        case .p95: history.milliseconds(row.inUse?.p95Ms)
        case .certificate: days(row.inUse?.certificateDaysLeft)
        case .lastRound: age(row)
        }
    }

    /// "12 d", "expired"; "–" without a certificate.
    public func days(_ days: Double?) -> String {
        guard let days, days.isFinite else { return "–" }
        guard days >= 0 else { return localizer.text("fleet.certificate.expired") }
        return localizer.text("fleet.certificate.days", ["days": String(Int(days.rounded(.down)))])
    }

    /// "8 s ago"; "never" before a first round.
    public func age(_ row: FleetRow) -> String {
        guard let age = row.lastRoundAgeSeconds else { return localizer.text("fleet.last_round.never") }
        return localizer.text("fleet.last_round.ago", ["duration": history.duration(age)])
    }

    public func serverState(_ server: FleetRow.Server) -> String {
        switch server.up {
        case true?: localizer.text("fleet.server.up")
        case false?: localizer.text("fleet.server.down")
        case nil: "–"
        }
    }

    /// One server of a box: "pn51 (in use) · up · 99.93 % · 12 ms · 80 d".
    public func serverLine(_ server: FleetRow.Server) -> String {
        let name = server.inUse ? localizer.text("fleet.server.in_use", ["server": server.id]) : server.id
        return [name, serverState(server), history.uptime(server.uptime24h), history.milliseconds(server.p95Ms),
                days(server.certificateDaysLeft)].joined(separator: " · ")
    }

    /// A row as "label: value" sentences (`--plain`, and the text the command prints).
    public func sentence(_ row: FleetRow) -> String {
        let parts = Column.allCases.map { heading($0) + ": " + cell($0, row) }
        // Joined by the language's own comma (、 ， ,), as a template so no catalog text ends in a space.
        return parts.dropFirst().reduce(parts[0]) { localizer.text("fleet.sentence_join", ["first": $0, "rest": $1]) }
    }

    /// "12 boxes · 2 need attention".
    public func summary(_ rows: [FleetRow]) -> String {
        let attention = rows.filter { $0.status != .ok }.count
        return localizer.text("fleet.summary", ["boxes": String(rows.count), "attention": String(attention)])
    }

    public func problem(_ error: AppError) -> String {
        ConnectivityMessages.render(error, serverName: { $0 }, text: { localizer.text($0, $1) })
    }

    public func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        localizer.text(key, parameters)
    }
}
