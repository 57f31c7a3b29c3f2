import ArgumentParser
import SettingsStore

/// `settings add-custom URL`: validated, normalized, never stored twice.
struct SettingsAddCustomCommand: VerbumCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-custom", abstract: HelpText.text("cli.help.settings_add_custom"))

    @Argument(help: ArgumentHelp("The server address, e.g. https://host/api.", valueName: "url"))
    var url: String

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func execute(context: CommandContext) throws {
        var result: AddCustomServerResult?
        try SettingsCommand.change(context: context) {
            let added = try context.store.addCustomServer(url)
            if added.outcome == .invalid {
                throw SettingsKey.Refusal(key: "cli.invalid_value", parameters: ["key": "custom_servers", "value": url],
                                          validation: added.validation)
            }
            result = added
        }
        let address = result?.server?.baseUrl ?? url
        switch result?.outcome {
        case .duplicate?:
            context.console.output(context.console.text("cli.custom_exists", ["address": address]))
        default:
            context.console.output(context.console.text("cli.custom_added", ["address": address]))
        }
    }
}
