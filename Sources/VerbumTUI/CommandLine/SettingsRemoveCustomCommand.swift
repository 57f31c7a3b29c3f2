import ArgumentParser
import SettingsStore

/// `settings remove-custom URL|ID`: removes a custom server. If it was the configured
/// server, the configuration goes back to the default server (the store's rule).
struct SettingsRemoveCustomCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove-custom", abstract: HelpText.text("cli.help.settings_remove_custom"))
    }

    @Argument(help: HelpText.help("cli.help.settings_remove_custom.target", valueName: "url-or-id"))
    var target: String

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        var removed: ServerConfig?
        try SettingsCommand.change(context: context) {
            removed = try context.store.removeCustomServer(target)
        }
        guard let removed else {
            context.console.error("cli.custom_not_found", ["target": target])
            throw ExitCode.failure
        }
        context.console.output(context.console.text("cli.custom_removed", ["address": removed.baseUrl]))
    }
}
