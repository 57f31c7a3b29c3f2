import AppCore
import ArgumentParser
import History
import Localization
import SettingsStore
import Watch

/// `incidents [ID] [--since DATE] [--json]`: every incident of history with its stable id
/// (the one `incident note` and the report name), newest first, with its notes (SPEC §16).
struct IncidentsCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "incidents", abstract: HelpText.text("cli.help.incidents"))
    }

    @Argument(help: HelpText.help("cli.help.incidents.id")) var id: String?
    @Option(help: HelpText.help("cli.help.incidents.since")) var since: String?
    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let console = context.console
        let now = Int64(context.clock.now() * 1000)
        if let id, !context.store.getState().availableServers.contains(where: { $0.id == id }) {
            console.error("cli.unknown_server", ["target": TextSanitizer.clean(id)])
            throw ExitCode.failure
        }
        var start = now - ReportCommand.defaultDays * 86_400_000
        if let since {
            guard let parsed = ReportDate.parse(since) else {
                console.error("cli.report.bad_date", ["value": TextSanitizer.clean(since)])
                throw ExitCode.failure
            }
            start = parsed
        }
        let path = context.paths.stateDirectory + "/history.sqlite3"
        var incidents: [Incident] = []
        var notes: [Int64: [IncidentNote]] = [:]
        switch HistoryDatabase.open(path: path, readOnly: true, now: now) {
        case .success(let database):
            do throws(HistoryProblem) {
                incidents = try database.incidents(serverId: id, since: start)
                    .filter { WatchState.FallbackSpell.fallenFrom(incidentId: $0.serverId) == nil }
                notes = try database.notes(incidentIds: Set(incidents.map(\.id)))
            } catch {
                let message = HistoryProblemText.message(error)
                console.warning(message.key, message.parameters)
            }
        case .failure(.missing):
            console.warning("cli.history.none", ["path": path])
        case .failure(let problem):
            let message = HistoryProblemText.message(problem)
            console.warning(message.key, message.parameters)
        }
        if json {
            // Every text in it is sanitized already, line breaks kept: a note's paragraphs
            // reach the JSON as `\n` escapes, never as control characters (`rendered` would
            // make them spaces).
            return console.output(JSON.array(incidents.map { Self.json($0, notes: notes[$0.id] ?? [], localizer: console.localizer) })
                .written(.pretty))
        }
        guard !incidents.isEmpty else { return console.output(console.text("cli.incidents.none")) }
        let time = ReportDate.localTime
        var lines: [String] = []
        for incident in incidents {
            let end = incident.end.map(time.text) ?? console.text("report.open")
            let seconds = incident.durationSeconds(now: now)
            lines.append("#\(incident.id)  \(TextSanitizer.clean(incident.serverId))  \(time.text(incident.start)) – \(end)  "
                + console.text("report.duration", ["minutes": String(seconds / 60), "seconds": String(seconds % 60)]) + "  "
                + ReasonWords.message(incident.reason, localizer: console.localizer))
            for note in notes[incident.id] ?? [] {
                lines.append("    " + time.text(note.at) + " " + note.author + ": "
                    + note.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    "))
            }
        }
        console.output(lines.joined(separator: "\n"))
    }

    /// `{id, serverId, start, end, durationSeconds, reason {code, params, message}, notes [{id, at, author, text}], drill}`,
    /// times ISO-8601 UTC as `history --json` gives them.
    static func json(_ incident: Incident, notes: [IncidentNote], localizer: Localizer) -> JSON {
        func at(_ ms: Int64) -> JSON { .string(UTCTimestamp.iso8601Seconds(Double(ms) / 1000)) }
        return .object([
            "id": .int(Int(incident.id)), "serverId": .string(TextSanitizer.clean(incident.serverId)), "start": at(incident.start),
            "end": incident.end.map(at) ?? .null, "durationSeconds": incident.durationSeconds.map { .int(Int($0)) } ?? .null,
            "reason": incident.reason.json(message: ReasonWords.message(incident.reason, localizer: localizer)),
            "notes": HistoryReport.notesJSON(notes),
            // A drill's outage is never written to history (the drill record keeps it).
            "drill": .bool(false)])
    }
}
