import ArgumentParser
import SettingsStore

extension CommandContext {
    /// The server a command names: nil is the current server; else an id, a known address, or
    /// a new valid address. Anything else is told and is exit 1.
    func server(matching target: String?) throws -> ServerConfig {
        let state = store.getState()
        guard let target else { return state.currentServer }
        if let server = ServerCatalog.server(id: target, in: state.availableServers)
            ?? ServerCatalog.server(matchingAddress: target, in: state.availableServers) {
            return server
        }
        let validation = AddressValidator.validate(target, environment: environment)
        if validation.isValid,
           let server = ServerCatalog.customServer(address: validation.normalizedAddress,
                                                   connectionTimeoutSeconds: state.connectionTimeout) {
            return server
        }
        if target.contains("://") || target.contains("/") {
            SettingsCommand.report(SettingsKey.Refusal(key: "cli.validate.invalid", parameters: ["address": target],
                                                       validation: validation), console: console)
        } else {
            console.error("cli.unknown_server", ["target": target])
        }
        throw ExitCode.failure
    }
}
