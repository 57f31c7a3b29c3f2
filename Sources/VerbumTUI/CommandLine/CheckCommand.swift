import ArgumentParser
import Watch
import Connectivity
import FoundationEssentials
import SettingsStore

/// `check [ID|URL] [--all] [--format text|json|nagios|openmetrics] [--output FILE]` (docs/PRODUCT.md:
/// The command line; Monitoring formats): tests one server (default: the current one) or every known server at once.
/// Text prints every check with timings (one row per server with `--all`); JSON is the object
/// `status` prints (an array with `--all`). Exit 0 when every tested server is connected, 2
/// when one is not, 1 when the server cannot be found; `nagios` uses the plugin codes 0 to 3.
struct CheckCommand: VerbumCommand {
    static let sendsRequests = true

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "check", abstract: HelpText.text("cli.help.check"))
    }

    @Argument(help: HelpText.help("cli.help.server_argument", valueName: "id-or-url"))
    var target: String?

    @Flag(help: HelpText.help("cli.help.all")) var all = false

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @Option(help: HelpText.help("cli.help.format", valueName: "format"))
    var format: CheckFormat?

    @Option(help: HelpText.help("cli.help.output", valueName: "file"), completion: .file())
    var output: String?

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func validate() throws {
        if all && target != nil {
            throw ValidationError(HelpText.text("cli.check.all_with_target"))
        }
        if json, let format, format != .json {
            throw ValidationError(HelpText.text("cli.check.json_with_format"))
        }
    }

    private var effectiveFormat: CheckFormat { format ?? (json ? .json : .text) }

    func execute(context: CommandContext) throws {
        let format = effectiveFormat
        let servers: [ServerConfig]
        let probe: StatusProbe
        do {
            probe = try StatusCommand.makeProbe(context: context)
            servers = all ? context.store.getState().availableServers : [try context.server(matching: target)]
        } catch {
            // A monitoring plugin that cannot run says UNKNOWN on stdout and exits 3.
            guard format == .nagios else { throw error }
            let reason = (error as? ValidationError)?.message ?? target ?? ErrorReason.text(error)
            let report = NagiosReport(state: .unknown, summary: context.console.text("cli.nagios.unknown", ["reason": reason]))
            try emit(report.line, context: context)
            throw ExitCode(MonitoringState.unknown.rawValue)
        }
        let results = SynchronousWait.result { await probe.checkAll(servers) }
        let tested = Array(zip(servers, results)).map { (server: $0.0, result: $0.1) }
        let console = context.console
        switch format {
        case .json:
            let state = context.store.getState()
            let objects = tested.map { item in
                StatusCommand.json(server: item.server,
                                   source: item.server.id == state.currentServer.id ? state.serverSource : nil,
                                   result: item.result, fallback: nil, context: context)
            }
            try emit(json: all ? .array(objects) : objects[0], context: context)
        case .text:
            if all {
                try emit(CheckTable(tested: tested, console: console).text, context: context)
            } else {
                try emit(([tested[0].server.id] + StatusCommand.humanLines(server: tested[0].server, result: tested[0].result,
                                                                          console: console).map { "  " + $0 })
                    .joined(separator: "\n"), context: context)
            }
        case .nagios:
            let warningDays = context.settingsFile.load().settings.certWarningDays
            let report = NagiosReport(tested: tested, warningDays: warningDays, console: console)
            try emit(report.line, context: context)
            throw ExitCode(report.state.rawValue)
        case .openmetrics:
            try emit(OpenMetricsReport(tested: tested).text, context: context)
        }
        let failed = tested.filter { !$0.result.isHealthy }
        // A person's explanation goes to stderr beside text or JSON; the monitoring formats are
        // read by programs that want their one document and their exit status only.
        if !all, format == .text || format == .json, let first = failed.first {
            StatusCommand.explainFailure(server: first.server, result: first.result, console: console)
        }
        if !failed.isEmpty { throw ExitCode(2) }
    }

    /// To stdout, or atomically to `--output` (a reader such as node_exporter never sees half a file).
    @MainActor
    private func emit(_ text: String, context: CommandContext) throws {
        let document = text.hasSuffix("\n") ? text : text + "\n"
        guard let output else { return context.console.output(document) }
        let path = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
        do {
            try AtomicFile.write(Array(document.utf8), to: path, mode: 0o644)
        } catch {
            context.console.error("files.write_failed", ["file": path, "reason": ErrorReason.text(error)])
            throw ExitCode(effectiveFormat == .nagios ? MonitoringState.unknown.rawValue : 1)
        }
        context.console.diagnostic(context.console.text("cli.output.written", ["path": path]))
    }

    @MainActor
    private func emit(json: JSON, context: CommandContext) throws {
        try emit(json.rendered, context: context)
    }
}
