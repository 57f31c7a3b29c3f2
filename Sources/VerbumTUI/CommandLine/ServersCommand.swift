import ArgumentParser

/// `servers [--json]`: prefilled and custom servers, current and default marked.
struct ServersCommand: VerbumCommand {
    static let configuration = CommandConfiguration(
        commandName: "servers", abstract: "List the prefilled and custom servers.")

    @Flag(help: "Print a JSON document.") var json = false

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func execute(context: CommandContext) throws {
        Self.printListing(context: context, json: json)
    }

    @MainActor
    static func printListing(context: CommandContext, json: Bool) {
        let state = context.store.getState()
        let listing = ServerListing(servers: state.availableServers, current: state.currentServer,
                                    localizer: context.console.localizer)
        if json {
            context.console.output(json: listing.json)
        } else {
            context.console.output(listing.humanLines.joined(separator: "\n"))
        }
    }
}
