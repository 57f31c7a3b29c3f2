import AppCore
import History
import SettingsStore
import Watch

/// Reads what the BCP report is made from (`BCPReportInput`): the settings' facility profile
/// and servers, history (read-only), the alert outbox's ledger (as it is, nothing created) and
/// the drill record.
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
            drills: drills(context: context, from: from, to: to))
    }

    /// The drills of the period from the drill record (`DrillFile`, the one reader of
    /// drills.json); an unreadable file gives a report without drills, and a warning says so.
    @MainActor
    private static func drills(context: CommandContext, from: Int64, to: Int64) -> [DrillRecord] {
        let file = DrillFile(paths: context.paths)
        switch file.read() {
        case .success(let log):
            return log.drills(from: Double(from) / 1000, to: Double(to) / 1000)
        case .failure:
            context.console.warning("cli.drill.unreadable", ["path": file.path])
            return []
        }
    }

    @MainActor
    private static func warn(_ problem: HistoryProblem, context: CommandContext) {
        let message = HistoryProblemText.message(problem)
        context.console.warning(message.key, message.parameters)
    }
}
