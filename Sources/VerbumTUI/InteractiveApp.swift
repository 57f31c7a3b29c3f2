/// The seam where the full-screen app (SPEC §10) starts, reached when `verbumcare-tui` runs
/// with no subcommand on a terminal. Until the terminal app lands it prints the server listing.
enum InteractiveApp {
    @MainActor
    static func run(context: CommandContext) throws {
        ServersCommand.printListing(context: context, json: false)
    }
}
