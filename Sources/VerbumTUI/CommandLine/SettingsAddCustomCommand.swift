import ArgumentParser
import Connectivity
import SettingsStore

/// `settings add-custom URL`: validated, normalized, never stored twice.
struct SettingsAddCustomCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add-custom", abstract: HelpText.text("cli.help.settings_add_custom"))
    }

    @Argument(help: HelpText.help("cli.help.address_argument", valueName: "url"))
    var url: String

    @Flag(name: .customLong("require-reachable"), help: HelpText.help("cli.help.require_reachable"))
    var requireReachable = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        if requireReachable { try refuseUnlessReachable(context: context) }
        var result: AddCustomServerResult?
        try SettingsCommand.change(context: context) {
            let added = try context.store.addCustomServer(url)
            if added.outcome == .invalid {
                throw SettingsKey.Refusal(key: "cli.invalid_value", parameters: ["key": "custom_servers", "value": url],
                                          validation: added.validation)
            }
            result = added
        }
        let address = result?.server?.baseUrl ?? url
        switch result?.outcome {
        case .duplicate?:
            context.console.output(context.console.text("cli.custom_exists", ["address": address]))
        default:
            context.console.output(context.console.text("cli.custom_added", ["address": address]))
        }
    }

    /// `--require-reachable`: a valid new address is tested once (all checks, one attempt)
    /// before anything is written; one that does not answer is refused with exit 1.
    @MainActor
    private func refuseUnlessReachable(context: CommandContext) throws {
        let state = context.store.getState()
        let validation = AddressValidator.validate(url, environment: context.environment)
        guard validation.isValid,
              ServerCatalog.server(matchingAddress: validation.normalizedAddress, in: state.availableServers) == nil,
              let server = ServerCatalog.customServer(address: validation.normalizedAddress,
                                                      connectionTimeoutSeconds: state.connectionTimeout) else {
            return // invalid or already known: the add below reports it as usual
        }
        let probe = try StatusCommand.makeProbe(context: context)
        let result = SynchronousWait.result { await probe.check(server) }
        guard !result.isHealthy else { return }
        let reason = ConnectivityMessages.failureReason(result)
        let url = result.checks.first { $0.endpoint == .health }?.url ?? server.baseUrl
        context.console.error("cli.unreachable_refused",
                              ["address": server.baseUrl,
                               "reason": StatusCommand.errorText(reason, url: url, server: server, console: context.console)])
        throw ExitCode.failure
    }
}
