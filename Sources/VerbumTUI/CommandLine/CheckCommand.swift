import ArgumentParser
import Connectivity
import SettingsStore

/// `check [ID|URL] [--json]` and `check --all` (SPEC §11): tests one server (default: the
/// current one) or every known server at once, and prints every check with timings. JSON is
/// the object `status` prints (an array of them with `--all`). Exit 0 when every tested
/// server is connected, 2 when one is not, 1 when the server cannot be found.
struct CheckCommand: VerbumCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: HelpText.text("cli.help.check"))

    @Argument(help: ArgumentHelp("A server id or address (default: the current server).", valueName: "id-or-url"))
    var target: String?

    @Flag(help: HelpText.help("cli.help.all")) var all = false

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if all && target != nil {
            throw ValidationError("--all tests every known server; give no ID or URL with it.")
        }
    }

    func execute(context: CommandContext) throws {
        let probe = try StatusCommand.makeProbe(context: context)
        let state = context.store.getState()
        let servers: [ServerConfig]
        if all {
            servers = state.availableServers
        } else {
            servers = [try resolve(target, context: context)]
        }
        let results = SynchronousWait.result { await probe.checkAll(servers) }
        let console = context.console
        func source(of server: ServerConfig) -> ServerSource? {
            server.id == state.currentServer.id ? state.serverSource : nil
        }
        if json {
            let objects = zip(servers, results).map { server, result in
                StatusCommand.json(server: server, source: source(of: server), result: result, fallback: nil,
                                   context: context)
            }
            console.output(json: all ? .array(objects) : objects[0])
        } else {
            var blocks: [String] = []
            for (server, result) in zip(servers, results) {
                let lines = StatusCommand.humanLines(server: server, result: result, console: console)
                blocks.append(([server.id] + lines.map { "  " + $0 }).joined(separator: "\n"))
            }
            console.output(blocks.joined(separator: "\n\n"))
        }
        let failed = zip(servers, results).filter { !$0.1.isHealthy }
        if !all, let (server, result) = failed.first {
            StatusCommand.explainFailure(server: server, result: result, console: console)
        }
        if !failed.isEmpty { throw ExitCode(2) }
    }

    /// An id, a known address, or a new valid address; anything else is told and is exit 1.
    @MainActor
    private func resolve(_ target: String?, context: CommandContext) throws -> ServerConfig {
        let state = context.store.getState()
        guard let target else { return state.currentServer }
        if let server = ServerCatalog.server(id: target, in: state.availableServers)
            ?? ServerCatalog.server(matchingAddress: target, in: state.availableServers) {
            return server
        }
        let validation = AddressValidator.validate(target, environment: context.environment)
        if validation.isValid,
           let server = ServerCatalog.customServer(address: validation.normalizedAddress,
                                                   connectionTimeoutSeconds: state.connectionTimeout) {
            return server
        }
        if target.contains("://") || target.contains("/") {
            SettingsCommand.report(SettingsKey.Refusal(key: "cli.validate.invalid", parameters: ["address": target],
                                                       validation: validation), console: context.console)
        } else {
            context.console.error("cli.unknown_server", ["target": target])
        }
        throw ExitCode.failure
    }
}
