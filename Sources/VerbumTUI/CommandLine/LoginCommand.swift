import ArgumentParser
import BackendClient
import Connectivity
import SettingsStore

/// `login [ID] [--user NAME] [--password-stdin]`: signs in to a server (default: the current
/// one) and saves its tokens (credentials/<id>.json, 0600). The password comes from the
/// terminal without echo, or from stdin; never from the command line.
struct LoginCommand: VerbumCommand {
    static let sendsRequests = true

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "login", abstract: HelpText.text("cli.help.login"))
    }

    @Argument(help: HelpText.help("cli.help.server_argument", valueName: "id"))
    var target: String?

    @Option(help: HelpText.help("cli.help.user", valueName: "name")) var user: String?

    @Flag(help: HelpText.help("cli.help.password_stdin")) var passwordStdin = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let server = try context.server(matching: target)
        let console = context.console
        PasswordReader.disableCoreDumps()
        let username: String
        let password: SecretText
        do throws(PasswordReader.Failure) {
            if let user {
                guard !user.isEmpty else { throw .empty }
                username = user
            } else {
                // The name of the last sign-in to this server (app-state.json, as the app's
                // dialog offers it): Enter alone takes it.
                let offered = context.store.getState().lastUserNames[server.id]
                let prompt = offered.map { console.text("cli.login.user_prompt_offered", ["user": TextSanitizer.clean($0)]) }
                    ?? console.text("cli.login.user_prompt")
                username = try PasswordReader.prompt(prompt + " ", echo: true, offered: offered)
            }
            password = passwordStdin ? try PasswordReader.standardInputSecret()
                : try PasswordReader.promptSecret(console.text("cli.login.password_prompt") + " ")
        } catch {
            console.error(error == .noTerminal ? "cli.login.no_terminal" : "cli.login.empty")
            throw ExitCode.failure
        }
        let store = CredentialFileStore(paths: context.paths, server: server)
        // The tokens are saved below, where a failure to save them is told.
        guard let client = try Self.client(for: server, tokenStore: nil, context: context) else {
            context.console.error("cli.unknown_server", ["target": server.baseUrl])
            throw ExitCode.failure
        }
        // Wiped when the request has finished (SynchronousWait returns after it), not before.
        defer { password.wipe() }
        let name = StatusCommand.displayName(server, console: console)
        let outcome: Result<AuthTokens, ClientError> = SynchronousWait.result {
            do throws(ClientError) {
                return .success(try await client.login(username: username, secret: password,
                                                       deviceInfo: ["client": "verbumcare-tui",
                                                                    "version": VerbumTUIVersion.version]))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let tokens):
            do {
                try store.save(tokens)
            } catch {
                // Signed in on the server, but the old tokens (or none) are still on disk.
                let message = ErrorReason.writeFailure(error, file: store.path)
                console.error(message.key, message.parameters)
                throw ExitCode.failure
            }
            Self.remember(username, server: server, context: context)
            console.output(console.text("cli.login.signed_in", ["server": name, "user": TextSanitizer.clean(username)]))
        case .failure(let error):
            let reason = error.code == .authRequired || error.httpStatus == 400
                ? console.text("cli.login.rejected")
                : StatusCommand.errorText(error.connectivityError, url: server.baseUrl, server: server, console: console)
            console.error("cli.login.failed", ["server": name, "reason": reason])
            throw ExitCode.failure
        }
    }

    /// The signed-in name kept for the next sign-in, through the reducer the app's dialog uses
    /// (`signedIn`), saved in app-state.json. A failure to save it is a warning: the sign-in stands.
    @MainActor
    private static func remember(_ username: String, server: ServerConfig, context: CommandContext) {
        context.store.dispatch(.signedIn(serverId: server.id, username: username, at: context.store.clock.now()))
        do {
            context.console.report(try context.store.flushPersistence())
        } catch {
            let message = ErrorReason.writeFailure(error, file: "app-state.json")
            context.console.warning(message.key, message.parameters)
        }
    }

    /// An API client for `server` with this run's transport (CA bundle, connect-to rules) and
    /// the server's timeout; one attempt, as `check` makes.
    @MainActor
    static func client(for server: ServerConfig, tokenStore: CredentialFileStore?,
                       context: CommandContext) throws -> APIClient? {
        var settings = try context.transportConfiguration().settings(caBundleSetting: context.store.getState().caBundle)
        settings.connectTimeoutMs = server.connectionTimeout
        settings.totalTimeoutMs = server.connectionTimeout
        return APIClient(baseURL: server.baseUrl, settings: settings, retryPolicy: RetryPolicy(maxRetries: 0),
                         tokenStore: tokenStore)
    }
}
