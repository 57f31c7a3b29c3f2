import ArgumentParser
import Localization
import SettingsStore

/// `lang [ja|en|zh-Hant]`: print the app's language, or set it (persisted in app-state.json).
struct LangCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "lang", abstract: HelpText.text("cli.help.lang"))
    }

    @Argument(help: HelpText.help("cli.help.lang.code", valueName: "code"),
              completion: .list(AppLanguage.allCases.map(\.rawValue)))
    var code: String?

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    /// Where the language in effect comes from (`source` in `--json`).
    enum Source: String {
        case saved
        case environment
        case option
    }

    func execute(context: CommandContext) throws {
        guard let code else {
            // The app's language: --lang for this run, else the saved choice, else the locale's.
            let saved = AppStateFile(path: context.paths.appStateFile).load().state.currentLanguage
            let option = context.options.lang
            let (language, source): (AppLanguage, Source) = if let option {
                (option, .option)
            } else if let saved {
                (saved, .saved)
            } else {
                (LanguageDetector.detect(environment: context.environmentVariables), .environment)
            }
            if json {
                context.console.output(json: Self.json(language, source))
            } else {
                context.console.output(context.console.text("cli.lang_current", ["language": Self.describe(language)]))
            }
            return
        }
        // A code outside the closed set is a usage error, like a bad --env.
        guard let language = AppLanguage(code: code) else {
            context.console.error("cli.lang_unknown", ["code": code])
            throw ExitCode.validationFailure
        }
        context.store.setLanguage(language)
        // Success is told only once app-state.json holds the choice: on a full or read-only
        // disk `finish()` tells why it could not be saved, and nothing claims it was set.
        try context.finish()
        // Confirmed in the language just chosen, unless --lang asked for another one.
        let console = context.options.lang == nil ? Console(language: language) : context.console
        if json {
            console.output(json: Self.json(language, .saved))
        } else {
            console.output(console.text("cli.lang_set", ["language": Self.describe(language)]))
        }
    }

    static func json(_ language: AppLanguage, _ source: Source) -> JSON {
        .object([("language", .string(language.rawValue)), ("source", .string(source.rawValue))])
    }

    static func describe(_ language: AppLanguage) -> String {
        "\(language.nativeName) (\(language.rawValue))"
    }
}
