import ArgumentParser
import FoundationEssentials
import Localization

/// The texts of `--help`, of the parser's own errors, of completion scripts and of the man
/// page: the catalog's `cli.help.*`, in the language in use (SPEC §11).
///
/// swift-argument-parser reads the help when it reflects a command (`configuration`, computed
/// in every command, and `@Option(help:)`, evaluated each time the parser makes an instance of
/// the command to read its declarations), and so in the language of the moment: none while the
/// command line is first parsed, the run's once main.swift has settled it (`HelpLanguage`). The
/// committed completion scripts and the English man page are generated in an English locale
/// with an empty home (`scripts/generate-docs`), so they do not change with the person who
/// generates them.
enum HelpText {
    /// The run's language, settled now if it was not yet (main.swift's error path).
    static var language: AppLanguage {
        HelpLanguage.settle()
        return HelpLanguage.current ?? .en // settled just above: never nil
    }

    /// The text of `key`; empty while the command line is first parsed, when no text is shown.
    /// The parameters are worked out only when the text is made: while drafting, a command's
    /// help (`settings set`'s list of keys) costs nothing.
    static func text(_ key: String, _ parameters: @autoclosure () -> [String: String] = [:]) -> String {
        guard let language = HelpLanguage.current else { return "" }
        return Localizer(language: language).text(key, parameters())
    }

    static func help(_ key: String, valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(text(key), valueName: valueName)
    }

    /// The title of the global options' group in every command's help.
    static var globalOptionsTitle: String { text("cli.help.global_options") }
}
