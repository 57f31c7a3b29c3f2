import ArgumentParser
import Connectivity
import SettingsStore
import Watch

/// `alerts test`: a `test` event through every trusted hook and every webhook, and what each
/// did; hooks skipped as untrusted are listed with the reason and make the exit 1 (SPEC §15.3).
struct AlertsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "alerts", abstract: HelpText.text("cli.help.alerts"),
            subcommands: [AlertsTestCommand.self], defaultSubcommand: AlertsTestCommand.self)
    }
}

struct AlertsTestCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "test", abstract: HelpText.text("cli.help.alerts.test"))
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let transport = try context.transportConfiguration()
        let state = context.store.getState()
        let sender = WebhookSender.make(settings: state.watchSettings, transport: transport)
        let delivery = AlertDelivery(hooks: HookRunner(folders: HookRunner.folders(paths: context.paths)),
                                     host: HostName.current, logger: .init(label: "verbumcare.alerts"))
        let now = context.clock.now()
        let event = AlertEvent(kind: .test, server: state.currentServer, at: now, ledgerKey: "test:\(now)")
        let language = state.currentLanguage
        let webhooks = state.watchSettings.alertWebhooks
        let report = SynchronousWait.result {
            await delivery.deliver(event, language: language, webhooks: webhooks, sender: sender)
        }
        let console = context.console
        if report.hooks.isEmpty && report.webhooks.isEmpty && report.skipped.isEmpty {
            console.output(console.text("cli.alerts.none", ["folder": HookRunner.folders(paths: context.paths)[0]]))
            throw ExitCode.failure
        }
        for hook in report.hooks {
            let what: String
            switch hook.result {
            case .exited(0): what = console.text("cli.alerts.hook_ok")
            case .exited(let status): what = console.text("cli.alerts.hook_exit", ["status": String(status)])
            case .killedAtTimeLimit:
                what = console.text("cli.alerts.hook_time_limit", ["seconds": String(Int(HookRunner.timeLimitSeconds))])
            case .signalled(let signal): what = console.text("cli.alerts.hook_signal", ["signal": String(signal)])
            case .couldNotStart(let reason): what = console.text("cli.alerts.hook_not_started", ["reason": reason])
            case .notTrusted(let reason):
                what = console.text("cli.alerts.hook_skipped", ["reason": console.text("cli.alerts.skip." + reason.rawValue)])
            }
            console.output((hook.succeeded ? "✓ " : "✗ ") + hook.path + "  " + what)
        }
        for hook in report.skipped {
            let reason = console.text("cli.alerts.skip." + hook.reason.rawValue)
            let what = hook.linkTarget.map { console.text("cli.alerts.hook_skipped_link", ["target": $0, "reason": reason]) }
                ?? console.text("cli.alerts.hook_skipped", ["reason": reason])
            console.output("✗ " + hook.path + "  " + what)
        }
        for webhook in report.webhooks {
            let what = webhook.delivered
                ? console.text("cli.alerts.webhook_ok", ["status": webhook.detail, "tries": String(webhook.tries)])
                : console.text("cli.alerts.webhook_failed", ["detail": webhook.reason(console.text), "tries": String(webhook.tries)])
            console.output((webhook.delivered ? "✓ " : "✗ ") + webhook.shownURL + "  " + what)
        }
        if !report.allDelivered { throw ExitCode.failure }
    }
}
