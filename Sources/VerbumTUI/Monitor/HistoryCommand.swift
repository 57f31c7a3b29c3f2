import ArgumentParser
import History
import SettingsStore
import SettingsUI
import Watch

/// `history [ID] [--window 24h|7d|30d|400d] [--json]`: every server's figures per window and
/// its incidents, newest first (SPEC §15.2). Reads the database; never records.
struct HistoryCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "history", abstract: HelpText.text("cli.help.history"))
    }

    @Argument(help: HelpText.help("cli.help.history.id")) var id: String?
    @Option(help: HelpText.help("cli.help.history.window")) var window: String?
    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let state = context.store.getState()
        var windows = HistoryWindow.allCases
        if let window {
            guard let chosen = HistoryWindow(rawValue: window) else {
                context.console.error("cli.history.unknown_window", ["value": window,
                                                                     "windows": HistoryWindow.allCases.map(\.rawValue).joined(separator: ", ")])
                throw ExitCode.validationFailure
            }
            windows = [chosen]
        }
        var servers = state.availableServers
        if let id {
            guard let server = servers.first(where: { $0.id == id }) else {
                context.console.error("cli.unknown_server", ["target": id])
                throw ExitCode.validationFailure
            }
            servers = [server]
        }
        let now = context.clock.now()
        var summary: HistorySummary?
        switch HistoryReader.summary(paths: context.paths, serverIds: servers.map(\.id), now: now) {
        case .success(let read):
            summary = read
        case .failure(.missing(let path)):
            context.console.warning("cli.history.none", ["path": path])
        case .failure(let problem) where HistoryProblemText.isDamage(problem):
            // Damage is moved aside by whoever records; with nobody recording, by this reader.
            if let copy = HistoryReader.moveAsideIfUnrecorded(paths: context.paths, now: now) {
                context.console.warning("cli.history.moved_aside", ["copy": TextSanitizer.clean(copy)])
            } else {
                let message = HistoryProblemText.message(problem)
                context.console.warning(message.key, message.parameters)
            }
        case .failure(let problem):
            let message = HistoryProblemText.message(problem)
            context.console.warning(message.key, message.parameters)
        }
        if json {
            var document = HistoryReport.json(servers: servers, windows: windows, summary: summary,
                                              localizer: context.console.localizer)
            // The alert outbox beside the history, as it is (nothing created): each target's
            // last outcome and what waits (SPEC §15.3).
            let outbox = AlertOutbox.lookAt(stateDirectory: context.paths.stateDirectory)
            if case .object(let fields) = document {
                document = .object(JSONObject(fields.members.map { ($0.key, $0.value) }
                                              + [("alerts", HistoryReport.alertsJSON(outbox.summary))]))
            }
            context.console.output(json: document)
        } else {
            let text = HistoryText(language: state.currentLanguage)
            context.console.output(HistoryReport.lines(servers: servers, windows: windows, summary: summary, now: now,
                                                       text: text).joined(separator: "\n"))
        }
    }
}
