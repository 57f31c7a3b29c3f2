import ArgumentParser
import FoundationEssentials
import Localization
import SettingsStore
import Synchronization

/// The language of a run's help and of the parser's own errors. swift-argument-parser reads
/// the help texts while it parses (a command's `configuration`, `@Option(help:)`), so the
/// language must be known before the command line is parsed. The policy is the app's
/// (`LanguageDetector.resolve`: `--lang`, then the choice saved in app-state.json, then the
/// locale); its inputs are the global options, read by the same parser from the same
/// declarations (`GlobalOptionsPeek`), and app-state.json, read without changing anything
/// (`AppStateFile.peek`).
enum HelpLanguage {
    private enum State {
        case unresolved
        /// While the global options are read, their own help texts ask for the language: they
        /// get the locale's, which nobody sees.
        case resolving(provisional: AppLanguage)
        case resolved(AppLanguage)
    }

    private static let state = Mutex(State.unresolved)

    /// The language of this process's help texts, decided once.
    static var current: AppLanguage {
        let environment = ProcessInfo.processInfo.environment
        let known: AppLanguage? = state.withLock { state in
            switch state {
            case .resolved(let language), .resolving(let language):
                return language
            case .unresolved:
                state = .resolving(provisional: LanguageDetector.detect(environment: environment))
                return nil
            }
        }
        if let known { return known }
        let language = resolve(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
        state.withLock { $0 = .resolved(language) }
        return language
    }

    static func resolve(arguments: [String], environment: [String: String]) -> AppLanguage {
        // Arguments the parser refuses (a bad `--lang` among them) leave the locale to decide.
        let options = (try? GlobalOptionsPeek.parseAsRoot(arguments) as? GlobalOptionsPeek)?.global
        if let runOverride = options?.lang { return runOverride }
        let environmentName = environment["VERBUMCARE_ENV"].flatMap { $0.isEmpty ? nil : $0 }
        // An unknown environment is refused later with its own message; its files are not read.
        let appEnvironment = options?.env ?? AppEnvironment(rawValue: environmentName ?? AppEnvironment.production.rawValue)
        let saved = appEnvironment.flatMap { appEnvironment in
            let paths = AppPaths.resolve(environment: appEnvironment, home: options?.home,
                                         environmentVariables: environment)
            return AppStateFile(path: paths.appStateFile).peek()?.state.currentLanguage
        }
        return LanguageDetector.resolve(runOverride: nil, saved: saved, environment: environment)
    }
}

/// The global options wherever they are written, and nothing else: everything the group does
/// not declare (a command's name, its options and values, `--help`, which is no built-in flag
/// here) is collected and ignored.
struct GlobalOptionsPeek: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "verbumcare-tui", helpNames: [])

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized) var rest: [String] = []
}
