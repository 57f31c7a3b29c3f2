import ArgumentParser
import Localization

/// `lang [ja|en|zh-Hant]`: print the app's language, or set it (persisted in app-state.json).
struct LangCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lang", abstract: "Print or set the display language.")

    @Argument(help: ArgumentHelp("ja, en or zh-Hant.", valueName: "code"),
              completion: .list(AppLanguage.allCases.map(\.rawValue)))
    var code: String?

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let context = try CommandContext(options: global)
        guard let code else {
            // The app's language: the saved choice, else the locale's (not --lang, which is this run's).
            let language = context.appState.currentLanguage
                ?? LanguageDetector.detect(environment: context.environmentVariables)
            context.console.output(context.console.text("cli.lang_current", ["language": Self.describe(language)]))
            return
        }
        // A code outside the closed set is a usage error, like a bad --env.
        guard let language = AppLanguage(rawValue: code) else {
            context.console.error("cli.lang_unknown", ["code": code])
            throw ExitCode.validationFailure
        }
        var state = context.appStateFile.load().state
        state.currentLanguage = language
        do {
            try context.appStateFile.save(state)
        } catch {
            context.console.error("files.write_failed", ["file": "app-state.json", "reason": "\(error)"])
            throw ExitCode.failure
        }
        // Confirmed in the language just chosen, unless --lang asked for another one.
        let console = context.options.lang == nil ? Console(language: language) : context.console
        console.output(console.text("cli.lang_set", ["language": Self.describe(language)]))
    }

    static func describe(_ language: AppLanguage) -> String {
        "\(language.nativeName) (\(language.rawValue))"
    }
}
