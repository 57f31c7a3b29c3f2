import ArgumentParser
import SettingsStore

/// `settings set KEY VALUE`: validated like the settings pane; an invalid value is refused
/// (exit 1) and the file is left byte-for-byte as it was.
struct SettingsSetCommand: VerbumCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: HelpText.text("cli.help.settings_set"),
        discussion: HelpText.text("cli.help.settings_set.discussion",
                                  ["keys": SettingsKey.allCases.map(\.rawValue).joined(separator: ", ")]))

    @Argument(help: HelpText.help("cli.help.settings_set.key", valueName: "key"),
              completion: .list(SettingsKey.allCases.map(\.rawValue)))
    var key: String

    @Argument(help: HelpText.help("cli.help.settings_set.value", valueName: "value"))
    var value: String

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        // The set of keys is closed, so an unknown one is a usage error, like an unknown option.
        let keys = SettingsKey.allCases.map(\.rawValue)
        // The key probably meant by a slip (`conection_timeout`), as `doctor` and the file's warning say.
        let meant = SettingsKey(rawValue: key) == nil
            ? KeySuggestion.closest(to: key, among: keys + [SettingsKey.customServersFileKey]) : nil
        if key == SettingsKey.customServersFileKey || meant == SettingsKey.customServersFileKey {
            // A list, changed one address at a time where each is validated and tested.
            context.console.error("cli.custom_servers_use_add", ["key": SettingsKey.customServersFileKey])
            throw ExitCode.validationFailure
        }
        guard let settingsKey = SettingsKey(rawValue: key) else {
            if let meant {
                context.console.error("cli.unknown_key_suggestion", ["key": key, "suggestion": meant])
            } else {
                context.console.error("cli.unknown_key", ["key": key, "keys": keys.joined(separator: ", ")])
            }
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
