import AppCore
import History
import SettingsStore
import Watch

/// Reads what the BCP report is made from (`BCPReportInput`): the settings' facility profile
/// and servers, history (read-only), the alert outbox's ledger (as it is, nothing created).
/// A missing or unreadable history gives a report without incidents, and a warning says why.
enum BCPReportReader {
    @MainActor
    static func input(context: CommandContext, from: Int64, to: Int64, now: Int64) -> BCPReportInput {
        let state = context.store.getState()
        let settings = context.settingsFile.load().settings
        let servers = state.availableServers
        var data = HistoryReportData(incidents: [], firstFailures: [:], notes: [:], figures: [:])
        let path = context.paths.stateDirectory + "/history.sqlite3"
        switch HistoryDatabase.open(path: path, readOnly: true, now: now) {
        case .success(let database):
            do throws(HistoryProblem) {
                data = try database.reportData(serverIds: servers.map(\.id), from: from, to: to, now: now)
            } catch {
                warn(error, context: context)
            }
        case .failure(.missing):
            context.console.warning("cli.history.none", ["path": path])
        case .failure(let problem):
            warn(problem, context: context)
        }
        var alerts: [BCPReportInput.Alert] = []
        if case .success(let outbox)? = AlertOutbox.openExisting(path: AlertOutbox.path(stateDirectory: context.paths.stateDirectory)) {
            alerts = (try? outbox.ledger(from: from, to: to)) ?? []
        }
        return BCPReportInput(
            facility: FacilityProfile(settings), box: HostName.current, from: from, to: to, madeAt: now,
            configuredServerId: state.configuredServer.id, fallbackServerId: ServerCatalog.defaultServerId,
            servers: servers.map { server in
                let figures = data.figures[server.id]
                return BCPReportInput.Server(id: server.id, displayName: server.displayName, baseUrl: server.baseUrl,
                                             uptimeRatio: figures?.uptimeRatio, coverage: figures?.coverage)
            },
            incidents: data.incidents, firstFailures: data.firstFailures, notes: data.notes, alerts: alerts,
            drills: DrillRecords.summaries(context: context, from: from, to: to))
    }

    @MainActor
    private static func warn(_ problem: HistoryProblem, context: CommandContext) {
        let message = HistoryProblemText.message(problem)
        context.console.warning(message.key, message.parameters)
    }
}

/// The drill record as the report reads it: `drills.json` in the state folder, the drill
/// feature's file (its layout is docs/BCP.md's and /work/notes/drill-api.md's: times in seconds
/// since 1970), read with the one JSON type, each record as a `DrillRecordSummary`. A missing
/// or unreadable file is no drills. When the drill feature is merged, `DrillFile` and its codec
/// can replace this reading; the report takes the same summaries.
enum DrillRecords {
    @MainActor
    static func summaries(context: CommandContext, from: Int64, to: Int64) -> [DrillRecordSummary] {
        let path = context.paths.stateDirectory + "/drills.json"
        guard let bytes = try? AtomicFile.read(path, followLinks: false) else { return [] }
        return summaries(json: bytes, from: from, to: to)
    }

    static func summaries(json bytes: [UInt8], from: Int64, to: Int64) -> [DrillRecordSummary] {
        guard let drills = JSON.parse(bytes)?.objectValue?["drills"]?.arrayValue else { return [] }
        return drills.compactMap { item -> DrillRecordSummary? in
            guard let drill = item.objectValue, let start = ms(drill["start"]) else { return nil }
            func text(_ key: String) -> String { TextSanitizer.clean(drill[key]?.stringValue ?? "") }
            let notes = (drill["notes"]?.arrayValue ?? []).compactMap { $0.objectValue?["text"]?.stringValue }
            let summary = DrillRecordSummary(
                id: text("id"), scenario: text("scenario"), serverId: text("server"), start: start, end: ms(drill["end"]),
                firstAlertAt: ms(drill["first_alert"]?.objectValue?["at"]), fallbackAt: ms(drill["fallback"]?.objectValue?["at"]),
                acknowledgedAt: ms(drill["acknowledged"]?.objectValue?["at"]), participants: text("participants"),
                notes: TextSanitizer.clean(notes.joined(separator: "\n"), keepingLineBreaks: true))
            return summary.start <= to && (summary.end ?? .max) >= from ? summary : nil
        }
    }

    /// Seconds since 1970 (a JSON number) as Unix ms; nil for anything else or out of range.
    private static func ms(_ value: JSON?) -> Int64? {
        guard let seconds = value?.doubleValue, seconds.isFinite, abs(seconds) < 1e11 else { return nil }
        return Int64((seconds * 1000).rounded())
    }
}
