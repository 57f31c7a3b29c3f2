import ArgumentParser
import Foundation
import Localization
import SettingsStore

/// Everything a command needs that follows from the global options and the environment:
/// the environment, the paths, the language of this run and the console to write in.
struct CommandContext {
    let options: GlobalOptions
    let environment: AppEnvironment
    let paths: AppPaths
    let language: AppLanguage
    let console: Console
    let environmentVariables: [String: String]
    /// `--connect-to` values followed by `VERBUMCARE_CONNECT_TO` (comma-separated), kept for
    /// the commands that make connections.
    let connectTo: [String]
    /// app-state.json as loaded for this run (the language comes from it).
    let appState: PersistedAppState

    /// Resolves the options; a usage error is told (localized) and ends the run with 64.
    init(options: GlobalOptions,
         environmentVariables: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.options = options
        self.environmentVariables = environmentVariables

        // Until app-state.json can be read, messages use --lang or the locale.
        let runLanguage = options.lang.flatMap(AppLanguage.init(rawValue:))
        var console = Console(language: runLanguage ?? LanguageDetector.detect(environment: environmentVariables))
        if let code = options.lang, runLanguage == nil {
            console.error("cli.lang_unknown", ["code": code])
            throw ExitCode.validationFailure
        }

        let envName = options.env ?? environmentVariables["VERBUMCARE_ENV"].flatMap { $0.isEmpty ? nil : $0 }
        let environment: AppEnvironment
        if let envName {
            guard let parsed = AppEnvironment(rawValue: envName) else {
                console.error("cli.invalid_value", ["key": options.env == nil ? "VERBUMCARE_ENV" : "--env",
                                                    "value": envName])
                throw ExitCode.validationFailure
            }
            environment = parsed
        } else {
            environment = .production
        }
        self.environment = environment

        paths = AppPaths.resolve(environment: environment, home: options.home,
                                 environmentVariables: environmentVariables)

        let stateLoad = AppStateFile(path: paths.appStateFile).load()
        appState = stateLoad.state
        language = runLanguage ?? stateLoad.state.currentLanguage
            ?? LanguageDetector.detect(environment: environmentVariables)
        console = Console(language: language)
        self.console = console
        console.report(stateLoad.problems)
        if let movedTo = stateLoad.movedAsideTo, !stateLoad.problems.contains(where: { $0.key == "files.moved_aside" }) {
            console.warning("files.moved_aside", ["file": "app-state.json", "path": movedTo])
        }

        connectTo = options.connectTo + (environmentVariables["VERBUMCARE_CONNECT_TO"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    var settingsFile: NativeSettingsFile {
        NativeSettingsFile(path: paths.settingsFile, environment: environment)
    }

    var appStateFile: AppStateFile {
        AppStateFile(path: paths.appStateFile)
    }

    /// settings.json as the app would see it; problems found are told on stderr.
    func loadSettings() -> NativeSettings {
        let result = settingsFile.load()
        console.report(result.problems)
        if let movedTo = result.movedAsideTo, !result.problems.contains(where: { $0.key == "files.moved_aside" }) {
            console.warning("files.moved_aside", ["file": "settings.json", "path": movedTo])
        }
        return result.settings
    }
}
