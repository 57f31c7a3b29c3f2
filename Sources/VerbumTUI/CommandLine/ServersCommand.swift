import ArgumentParser

/// `servers [--json]`: prefilled and custom servers, current and default marked.
struct ServersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "servers", abstract: "List the prefilled and custom servers.")

    @Flag(help: "Print a JSON document.") var json = false

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try Self.printListing(context: CommandContext(options: global), json: json)
    }

    static func printListing(context: CommandContext, json: Bool) throws {
        let directory = ServerDirectory(settings: context.loadSettings(), environment: context.environment)
        let listing = ServerListing(directory: directory, localizer: context.console.localizer)
        if json {
            context.console.output(json: listing.json)
        } else {
            context.console.output(listing.humanLines.joined(separator: "\n"))
        }
    }
}
