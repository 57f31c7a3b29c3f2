import ArgumentParser
import Localization
import SettingsStore

/// `lang [ja|en|zh-Hant]`: print the app's language, or set it (persisted in app-state.json).
struct LangCommand: VerbumCommand {
    static let configuration = CommandConfiguration(
        commandName: "lang", abstract: HelpText.text("cli.help.lang"))

    @Argument(help: ArgumentHelp("ja, en or zh-Hant.", valueName: "code"),
              completion: .list(AppLanguage.allCases.map(\.rawValue)))
    var code: String?

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func execute(context: CommandContext) throws {
        guard let code else {
            // The app's language: the saved choice, else the locale's (not --lang, which is this run's).
            let language = AppStateFile(path: context.paths.appStateFile).load().state.currentLanguage
                ?? LanguageDetector.detect(environment: context.environmentVariables)
            context.console.output(context.console.text("cli.lang_current", ["language": Self.describe(language)]))
            return
        }
        // A code outside the closed set is a usage error, like a bad --env.
        guard let language = AppLanguage(rawValue: code) else {
            context.console.error("cli.lang_unknown", ["code": code])
            throw ExitCode.validationFailure
        }
        context.store.setLanguage(language) // written by `finish()`, which reports a failure
        // Confirmed in the language just chosen, unless --lang asked for another one.
        let console = context.options.lang == nil ? Console(language: language) : context.console
        console.output(console.text("cli.lang_set", ["language": Self.describe(language)]))
    }

    static func describe(_ language: AppLanguage) -> String {
        "\(language.nativeName) (\(language.rawValue))"
    }
}
