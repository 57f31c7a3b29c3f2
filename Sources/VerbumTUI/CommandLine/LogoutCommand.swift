import ArgumentParser
import BackendClient
import Connectivity
import SettingsStore

/// `logout [ID]`: tells the server (default: the current one) and removes its saved tokens.
/// The tokens are removed even when the server cannot be told.
struct LogoutCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "logout", abstract: HelpText.text("cli.help.logout"))
    }

    @Argument(help: HelpText.help("cli.help.server_argument", valueName: "id"))
    var target: String?

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let server = try context.server(matching: target)
        let console = context.console
        let name = StatusCommand.displayName(server, console: console)
        let store = CredentialFileStore(paths: context.paths, server: server,
                                        report: CredentialDiagnostics.reporter(console: console))
        guard store.read() != nil else {
            console.output(console.text("cli.logout.not_signed_in", ["server": name]))
            return
        }
        guard let client = try LoginCommand.client(for: server, tokenStore: store, context: context) else {
            SynchronousWait.result(of: { await store.clearTokens() })
            console.output(console.text("cli.logout.signed_out", ["server": name]))
            return
        }
        let failure: ClientError? = SynchronousWait.result {
            do throws(ClientError) {
                try await client.logout()
                return ClientError?.none
            } catch {
                return error
            }
        }
        if let failure {
            let reason = StatusCommand.errorText(failure.connectivityError, url: server.baseUrl, server: server,
                                                 console: console)
            console.warning("cli.logout.server_not_told", ["server": name, "reason": reason])
        }
        console.output(console.text("cli.logout.signed_out", ["server": name]))
    }
}
