import ArgumentParser

/// `settings show [--json]`: every settings.json key with the value in effect.
struct SettingsShowCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show", abstract: HelpText.text("cli.help.settings_show"))
    }

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        // Read again without telling problems: the store's load already told them.
        let report = SettingsReport(settings: context.settingsFile.load().settings,
                                    configuredServer: context.store.getState().configuredServer,
                                    localizer: context.console.localizer)
        if json {
            context.console.output(json: report.json)
        } else {
            context.console.output(report.humanLines.joined(separator: "\n"))
        }
    }
}
