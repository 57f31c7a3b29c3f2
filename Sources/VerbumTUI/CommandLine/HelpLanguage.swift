import Localization
import SettingsStore

/// The language of a run, decided before swift-argument-parser reads the command line, for
/// the texts the parser prints itself (help, its errors). The policy is the app's
/// (`LanguageDetector.resolve`: `--lang`, then the choice saved in app-state.json, then the
/// locale); this only finds its inputs without parsing: the global options as
/// `ArgumentNormalizer` reads them, before or after the subcommand's name, and app-state.json
/// read without changing anything (`AppStateFile.peek`).
enum HelpLanguage {
    static func resolve(arguments: [String], environment: [String: String]) -> AppLanguage {
        var values: [String: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index] != "--" {
            if let option = ArgumentNormalizer.globalOption(at: index, in: arguments) {
                // As the parser, the last of a repeated option counts.
                if let value = option.value { values[option.name] = value }
                index = option.next
            } else {
                index += 1
            }
        }
        let runOverride = values["--lang"].flatMap(AppLanguage.init(code:))
        if let runOverride { return runOverride }
        let environmentName = values["--env"] ?? environment["VERBUMCARE_ENV"].flatMap { $0.isEmpty ? nil : $0 }
        // An unknown environment is refused later with its own message; its files are not read.
        let saved = AppEnvironment(rawValue: environmentName ?? AppEnvironment.production.rawValue).flatMap { appEnvironment in
            let paths = AppPaths.resolve(environment: appEnvironment, home: values["--home"],
                                         environmentVariables: environment)
            return AppStateFile(path: paths.appStateFile).peek()?.state.currentLanguage
        }
        return LanguageDetector.resolve(runOverride: nil, saved: saved, environment: environment)
    }
}
