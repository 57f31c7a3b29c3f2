import ArgumentParser
import Connectivity
import FoundationEssentials
import Localization
import Logging
import SettingsStore
import TerminalBackend
import TerminalRendering

/// Everything a command needs that follows from the global options and the environment:
/// the environment, the paths, the settings store (hydrated as the app does before its first
/// frame) and the console in this run's language.
@MainActor
struct CommandContext {
    let options: GlobalOptions
    let environment: AppEnvironment
    let store: AppSettingsStore
    let console: Console
    let environmentVariables: [String: String]
    /// What turned the screen-reader mode on (nil: it is off); the mode's first line says it.
    let plainCause: PlainCause?

    /// Resolves the options and loads the files; a usage error is told (localized) and ends
    /// the run with 64; problems found in the files are told on stderr.
    init(options: GlobalOptions,
         environmentVariables: [String: String] = ProcessInfo.processInfo.environment) throws {
        var options = options
        plainCause = PlainMode.cause(option: options.plain, environment: environmentVariables)
        options.plain = plainCause != nil
        self.options = options
        self.environmentVariables = environmentVariables

        // Until app-state.json is read, messages use --lang or the locale.
        let runLanguage = options.lang
        environment = try Self.environment(options: options, variables: environmentVariables,
                                           language: runLanguage ?? LanguageDetector.detect(environment: environmentVariables))

        let paths = AppPaths.resolve(environment: environment, home: options.home,
                                     environmentVariables: environmentVariables)
        store = AppSettingsStore(paths: paths, environment: environment, languageOverride: runLanguage,
                                 processEnvironment: environmentVariables)
        // Logs go to the state directory, never to the screen or the command's streams
        // (swift-log's default handler would write to stdout).
        LoggingSystem.bootstrap(FileLogHandler.factory(path: paths.logFile))
        // What a writer killed between writing and renaming left behind.
        TemporaryFileSweeper.sweep(TemporaryFileSweeper.directories(for: paths))
        store.loadSettings()
        console = Console(language: store.getState().currentLanguage)
        console.report(store.getState().fileProblems)
    }

    var paths: AppPaths { store.paths }

    /// The one clock (the store's): every command reads "now" from it, so a test that injects
    /// one moves every figure a command prints.
    var clock: AppClock { store.clock }

    /// settings.json as the store read it. Its problems were told when the context was made.
    var settingsFile: NativeSettingsFile {
        NativeSettingsFile(path: paths.settingsFile, environment: environment)
    }

    /// The transport from `--cacert`, `--connect-to`, `VERBUMCARE_CONNECT_TO` and the CA
    /// variables; a malformed `--connect-to` is told (localized) and is a usage error.
    func transportConfiguration() throws -> TransportConfiguration {
        do {
            return try TransportConfiguration.make(commandLineCACert: options.cacert,
                                                   connectToArguments: options.connectTo,
                                                   processEnvironment: environmentVariables,
                                                   environment: environment)
        } catch {
            console.error("cli.invalid_connect_to", ["value": error.spec])
            throw ExitCode.validationFailure
        }
    }

    /// Waits for app-state.json writes the command caused; a failure is told and is exit 1.
    func finish() throws {
        do {
            // Where a copy of the old file was kept (its version was rewritten) is told.
            console.report(try store.flushPersistence())
        } catch {
            // Why, in the person's language (a full disk, a link to another program's file…).
            let message = ErrorReason.writeFailure(error, file: "app-state.json")
            console.error(message.key, message.parameters)
            throw ExitCode.failure
        }
    }

    /// `--env` (already typed by the parser), else `VERBUMCARE_ENV`, else production; an
    /// unknown name in the variable is a usage error, told as the parser tells `--env`'s.
    /// The console for its refusal is made only then: a console builds its language's catalog
    /// (a dictionary of every text), which the locale's language would cost every start for a
    /// message almost never shown.
    private static func environment(options: GlobalOptions, variables: [String: String],
                                    language: AppLanguage) throws -> AppEnvironment {
        if let chosen = options.env { return chosen }
        guard let name = variables["VERBUMCARE_ENV"].flatMap({ $0.isEmpty ? nil : $0 }) else { return .production }
        guard let environment = AppEnvironment(rawValue: name) else {
            Console(language: language).error("cli.invalid_env", ["value": name])
            throw ExitCode.validationFailure
        }
        return environment
    }
}
