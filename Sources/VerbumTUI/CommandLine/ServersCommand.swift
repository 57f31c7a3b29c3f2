import ArgumentParser
import SettingsStore

/// `servers [--json]`: prefilled and custom servers; the configured one, the one in use and
/// the default marked.
struct ServersCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "servers", abstract: HelpText.text("cli.help.servers"))
    }

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        Self.printListing(context: context, json: json)
    }

    @MainActor
    static func printListing(context: CommandContext, json: Bool) {
        let state = context.store.getState()
        let configuredId = state.configuredServer.id
        // The store has just loaded app-state.json; its `currentServer` is still the
        // configured one until a connection is tested, so the file says what is in use.
        let saved = AppStateFile(path: context.paths.appStateFile).load().state
        let listing = ServerListing(servers: state.availableServers, configuredId: configuredId,
                                    inUseId: InUsePolicy.inUseId(saved: saved, servers: state.availableServers,
                                                                   configuredId: configuredId),
                                    localizer: context.console.localizer)
        if json {
            context.console.output(json: listing.json)
        } else {
            context.console.output(listing.humanLines.joined(separator: "\n"))
        }
    }
}
