import ArgumentParser
import FoundationEssentials
import Localization

/// The texts of `--help`, of the parser's own errors, of completion scripts and of the man
/// page: the catalog's `cli.help.*`, in the language in use (SPEC §11).
///
/// swift-argument-parser reads the help when it reflects a command: `configuration` is a
/// lazily initialized `static let`, and `@Option(help:)` arguments are evaluated when the
/// parser makes an instance of the command to read its declarations. Both happen after
/// main.swift starts, and `language` (`HelpLanguage.current`) is decided from this process's
/// arguments and environment the first time a help text is read. The committed completion
/// scripts and the English man page are generated in an English locale with an empty home
/// (`scripts/generate-docs`), so they do not change with the person who generates them.
enum HelpText {
    static var language: AppLanguage { HelpLanguage.current }

    static func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        Localizer(language: language).text(key, parameters)
    }

    static func help(_ key: String, valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(text(key), valueName: valueName)
    }

    /// The title of the global options' group in every command's help.
    static var globalOptionsTitle: String { text("cli.help.global_options") }
}
