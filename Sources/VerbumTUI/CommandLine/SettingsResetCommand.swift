import ArgumentParser

/// `settings reset`: settings.json back to its defaults (server pn51), keeping the custom
/// servers, as the app's `resetToDefaults` does (user data is never deleted).
struct SettingsResetCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "reset", abstract: HelpText.text("cli.help.settings_reset"))
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        try SettingsCommand.change(context: context) { try context.store.resetToDefaults() }
        context.console.output(context.console.text("cli.reset_done"))
    }
}
