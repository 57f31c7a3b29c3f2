import ArgumentParser
import FoundationEssentials
import Localization
import SettingsStore
import Synchronization

/// The language of a run's help and of the parser's own errors.
///
/// swift-argument-parser reads the help texts while it parses (a command's `configuration`,
/// `@Option(help:)`), but a run whose command line parses to a command shows none of them. So
/// the first parse is made with empty texts (`current` is nil: "drafting"), which reads no
/// catalog and no file (`CommandLineReading`). After it the language is decided when a text is
/// first asked for: a help screen, which the parser makes anew when it runs (every command's
/// `configuration` is computed, not stored), or a refusal, for which the arguments are parsed
/// again so that its texts (the commands' `validate()` messages too) are made in the language.
///
/// The policy is the app's (`LanguageDetector.resolve`: `--lang`, then the choice saved in
/// app-state.json, then the locale). Its inputs are the global options, read from the arguments
/// by the same parser from the same declarations (`GlobalOptionsPeek`, which also reads them from
/// a command line the parser refused), and app-state.json, read without changing anything
/// (`AppStateFile.peek`).
enum HelpLanguage {
    /// The global options that decide the language.
    struct Inputs: Sendable {
        var lang: AppLanguage?
        var env: AppEnvironment?
        var home: String?
    }

    private enum State {
        case drafting
        /// Decided when a text is first asked for.
        case settled
        /// While the global options are read from the arguments, their own help texts ask for
        /// the language: they get English, which nobody sees.
        case resolving(provisional: AppLanguage)
        case resolved(AppLanguage)
    }

    private enum Step {
        case known(AppLanguage?)
        case resolve
    }

    private static let state = Mutex(State.drafting)

    /// From now on texts may be shown, in the language the global options and app-state.json
    /// choose, decided when a text is first asked for.
    static func settle() {
        state.withLock { state in
            if case .drafting = state { state = .settled }
        }
    }

    /// Whether the command line is being parsed for the first time, with no text shown.
    static var drafting: Bool {
        state.withLock { state in
            if case .drafting = state { return true }
            return false
        }
    }

    /// The language of texts; nil while drafting.
    static var current: AppLanguage? {
        let step: Step = state.withLock { state in
            switch state {
            case .drafting:
                return .known(nil)
            case .resolved(let language), .resolving(let language):
                return .known(language)
            case .settled:
                state = .resolving(provisional: .en)
                return .resolve
            }
        }
        switch step {
        case .known(let language):
            return language
        case .resolve:
            let found = GlobalOptionsPeek.inputs(in: Array(CommandLine.arguments.dropFirst()))
            let language = resolve(found, environment: ProcessInfo.processInfo.environment)
            state.withLock { $0 = .resolved(language) }
            return language
        }
    }

    static func resolve(_ inputs: Inputs?, environment: [String: String]) -> AppLanguage {
        if let runOverride = inputs?.lang { return runOverride }
        let environmentName = environment["VERBUMCARE_ENV"].flatMap { $0.isEmpty ? nil : $0 }
        // An unknown environment is refused later with its own message; its files are not read.
        let appEnvironment = inputs?.env ?? AppEnvironment(rawValue: environmentName ?? AppEnvironment.production.rawValue)
        let saved = appEnvironment.flatMap { appEnvironment in
            let paths = AppPaths.resolve(environment: appEnvironment, home: inputs?.home,
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
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: "verbumcare-tui", helpNames: []) }

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized) var rest: [String] = []

    /// nil when the parser refuses even these (a bad `--lang`): the locale decides.
    static func inputs(in arguments: [String]) -> HelpLanguage.Inputs? {
        ((try? parseAsRoot(arguments)) as? GlobalOptionsPeek).map {
            HelpLanguage.Inputs(lang: $0.global.lang, env: $0.global.env, home: $0.global.home)
        }
    }
}
