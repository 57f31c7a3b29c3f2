import ArgumentParser
import BackendClient
import Doctor
import History
import RemoteWrite
import Glibc
import SettingsStore
import TerminalBackend
import Watch

/// `doctor [--json]`: checks this machine for what the app needs (mDNS, resolver, CA bundle,
/// terminal, settings files, clock, history). Exit 0 with no error, 1 otherwise.
struct DoctorCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "doctor", abstract: HelpText.text("cli.help.doctor"))
    }

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let bundle = CABundle.resolve(commandLine: context.options.cacert, setting: context.store.getState().caBundle,
                                      environment: context.environmentVariables)
        let config = ConfigFacts.read(paths: context.paths, settings: context.settingsFile,
                                      problems: context.store.getState().fileProblems)
        var facts = MachineFacts.read(caBundle: bundle, config: config, environment: context.environmentVariables,
                                      paths: context.paths, now: context.clock.now())
        (facts.terminal.ambiguousWidth, facts.terminal.synchronizedOutput) = Self.measureTerminal()
        let state = context.store.getState()
        facts.history = HistoryFacts.read(databasePath: context.paths.stateDirectory + "/history.sqlite3",
                                          serverIds: state.availableServers.map(\.id), enabled: state.historyEnabled,
                                          now: context.clock.now())
        facts.alerts = Self.alertFacts(context: context)
        facts.remoteWrite = Self.remoteWriteFacts(context: context)
        let checks = Doctor.run(facts)
        let console = context.console
        func render(_ text: AppError) -> String { TextSanitizer.clean(console.text(text.key, text.parameters)) }
        if json {
            console.output(json: .object([
                ("status", .string(Doctor.worst(checks).rawValue)),
                ("checks", .array(checks.map { check in
                    .object([
                        ("id", .string(check.id.rawValue)),
                        ("status", .string(check.status.rawValue)),
                        ("message", .string(render(check.message))),
                        ("fix", check.fix.map { .string(render($0)) } ?? .null),
                    ])
                })),
            ]))
        } else {
            let width = DoctorCheck.ID.allCases.map(\.rawValue.count).max() ?? 0
            var lines: [String] = []
            for check in checks {
                let mark = check.status == .ok ? "✓" : (check.status == .warning ? "!" : "✗")
                let id = check.id.rawValue + String(repeating: " ", count: width - check.id.rawValue.count)
                lines.append("\(mark) \(id)  \(render(check.message))")
                if let fix = check.fix {
                    lines.append(String(repeating: " ", count: width + 4) + render(fix))
                }
            }
            let errors = checks.filter { $0.status == .error }.count
            let warnings = checks.filter { $0.status == .warning }.count
            lines.append(console.text("doctor.summary", [
                "errors": console.text("doctor.summary.errors", ["count": String(errors)]),
                "warnings": console.text("doctor.summary.warnings", ["count": String(warnings)]),
            ]))
            console.output(lines.joined(separator: "\n"))
        }
        if Doctor.worst(checks) == .error { throw ExitCode.failure }
    }

    /// Each hook as the monitor would judge it, each webhook, and the outbox's last outcomes.
    @MainActor private static func alertFacts(context: CommandContext) -> AlertFacts {
        let folders = HookRunner.folders(paths: context.paths)
        let scan = HookRunner(folders: folders).scan()
        let outbox = AlertOutbox.lookAt(stateDirectory: context.paths.stateDirectory)
        let last = outbox.summary?.lastOutcomes ?? [:]
        let hooks = scan.trusted.map { AlertFacts.Hook(path: $0, distrust: nil, lastOutcome: last[.hook(path: $0)]) }
            + scan.skipped.map { AlertFacts.Hook(path: $0.path, distrust: $0.reason.rawValue, lastOutcome: nil) }
        let webhooks = context.store.getState().watchSettings.alertWebhooks.map { url in
            AlertFacts.Webhook(name: WebhookAddress.redacted(url), isHTTPS: url.lowercased().hasPrefix("https://"),
                               lastOutcome: last[.webhook(url: url)])
        }
        return AlertFacts(hookFolder: folders[0], hooks: hooks.sorted { $0.path < $1.path }, webhooks: webhooks,
                          waiting: outbox.summary?.waiting ?? 0, outboxProblem: outbox.problem)
    }

    /// The push's receiver (redacted), whether its token file can be used, and its state file.
    @MainActor private static func remoteWriteFacts(context: CommandContext) -> RemoteWriteFacts {
        let settings = context.store.getState().watchSettings
        guard let url = settings.remoteWriteURL else { return RemoteWriteFacts(url: nil, tokenProblem: nil, state: nil, now: 0) }
        var tokenProblem: AppError?
        if let path = settings.remoteWriteTokenFile {
            if case .failure(let problem) = TokenFile.read(path: path) {
                tokenProblem = AppError(key: problem.key, parameters: problem.parameters(path: path))
            }
        } else {
            tokenProblem = AppError(key: "cli.remote_write.token_unset", parameters: [:])
        }
        return RemoteWriteFacts(url: WebhookAddress.redacted(url), tokenProblem: tokenProblem,
                                state: RemoteWriteStateFile(paths: context.paths).read(), now: context.clock.now())
    }

    /// The app's own probe (`TerminalProbe`), asked on the line when stdin and stdout are the
    /// terminal: the report is what the app would measure at start (the ambiguous width, and
    /// whether the terminal answers DECRQM 2026 so that frames are marked as synchronized updates).
    private static func measureTerminal() -> (TerminalFacts.AmbiguousWidthFact, Bool?) {
        guard let answers = TerminalProbe.askOnLine(.init(width: true, background: false, synchronizedOutput: true),
                                                    input: STDIN_FILENO, output: STDOUT_FILENO) else {
            return (.notATerminal, nil)
        }
        return (answers.ambiguousWide.map { .measured(wide: $0) } ?? .noAnswer, answers.synchronizedOutput ?? false)
    }
}
