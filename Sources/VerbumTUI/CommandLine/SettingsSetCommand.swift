import ArgumentParser
import SettingsStore

/// `settings set KEY VALUE`: validated like the settings pane; an invalid value is refused
/// (exit 1) and the file is left byte-for-byte as it was.
struct SettingsSetCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "set", abstract: HelpText.text("cli.help.settings_set"),
            discussion: HelpText.text("cli.help.settings_set.discussion",
                                      ["keys": SettingsKey.settable.map(\.rawValue).joined(separator: ", ")]))
    }

    /// The set of keys is closed, so an unknown one is a usage error (exit 64), like an
    /// unknown option.
    @Argument(help: HelpText.help("cli.help.settings_set.key", valueName: "key"),
              completion: .list(SettingsKey.settable.map(\.rawValue)))
    var key: SettingsKey

    /// The value, and nothing else. A value that starts with "-" (`cert_warning_days -1`) is a
    /// value, refused as a value (exit 1, localized), not an unknown option (SPEC §11): the
    /// parser hands this argument whatever no option took (`.allUnrecognized`); global options,
    /// `--help` and `--version` are still read as such. That one value is given is checked in
    /// `validate`, in the parser's words for a missing or an extra argument. (The usage line
    /// shows it as `[<value> ...]`, the parser's way of writing such an argument.)
    @Argument(parsing: .allUnrecognized, help: HelpText.help("cli.help.settings_set.value", valueName: "value"))
    var values: [String] = []

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    /// The arguments that make the value: a "--" that ends the options (`set KEY -- -1`) is
    /// handed over with what follows it, and is not part of it.
    private var valueWords: ArraySlice<String> {
        values.first == "--" ? values.dropFirst() : values[...]
    }

    var value: String { valueWords.first ?? "" }

    func validate() throws {
        if valueWords.isEmpty {
            throw ValidationError(HelpText.text("cli.parse.missing_argument", ["argument": "<value>"]))
        }
        if valueWords.count > 1 {
            throw ValidationError(HelpText.text("cli.parse.unexpected_argument", ["value": valueWords.dropFirst().first ?? ""]))
        }
    }

    func execute(context: CommandContext) throws {
        if key == .customServers {
            // A list, changed one address at a time where each is validated and tested.
            context.console.error("cli.custom_servers_use_add", ["key": key.rawValue])
            throw ExitCode.validationFailure
        }
        try SettingsCommand.change(context: context) { try key.set(value, context: context) }
        let saved = context.settingsFile.load().settings
        let shown = SettingsReport(settings: saved, configuredServer: context.store.getState().configuredServer,
                                   localizer: context.console.localizer)
            .valueText(for: key.rawValue)
        context.console.output(context.console.text("cli.saved", ["key": key.rawValue, "value": shown]))
    }
}
