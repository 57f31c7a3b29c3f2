import ArgumentParser
import SettingsStore

/// `settings set KEY VALUE`: validated like the settings pane; an invalid value is refused
/// (exit 1) and the file is left byte-for-byte as it was.
struct SettingsSetCommand: VerbumCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: HelpText.text("cli.help.settings_set"),
        discussion: """
            Keys: \(SettingsKey.allCases.map(\.rawValue).joined(separator: ", ")).
            backend_server_address takes a server id (see `servers`), an https address, or __CUSTOM__.
            An empty value clears custom_server_address and ca_bundle.
            """)

    @Argument(help: ArgumentHelp("The settings.json key.", valueName: "key"),
              completion: .list(SettingsKey.allCases.map(\.rawValue)))
    var key: String

    @Argument(help: ArgumentHelp("The new value.", valueName: "value"))
    var value: String

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func execute(context: CommandContext) throws {
        // The set of keys is closed, so an unknown one is a usage error, like an unknown option.
        if key == SettingsKey.customServersFileKey {
            // A list, changed one address at a time where each is validated and tested.
            context.console.error("cli.custom_servers_use_add", ["key": key])
            throw ExitCode.validationFailure
        }
        guard let settingsKey = SettingsKey(rawValue: key) else {
            context.console.error("cli.unknown_key", ["key": key, "keys": SettingsKey.allCases.map(\.rawValue)
                                                            .joined(separator: ", ")])
            throw ExitCode.validationFailure
        }
        try SettingsCommand.change(context: context) { try settingsKey.set(value, context: context) }
        let saved = context.settingsFile.load().settings
        let shown = SettingsReport(settings: saved, configuredServer: context.store.getState().configuredServer,
                                   localizer: context.console.localizer)
            .valueText(for: settingsKey.rawValue)
        context.console.output(context.console.text("cli.saved", ["key": key, "value": shown]))
    }
}
