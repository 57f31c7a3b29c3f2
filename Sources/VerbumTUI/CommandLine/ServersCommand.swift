import ArgumentParser

/// `servers [--json]`: prefilled and custom servers, current and default marked.
struct ServersCommand: VerbumCommand {
    static let configuration = CommandConfiguration(
        commandName: "servers", abstract: HelpText.text("cli.help.servers"))

    @Flag(help: HelpText.help("cli.help.json")) var json = false

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
