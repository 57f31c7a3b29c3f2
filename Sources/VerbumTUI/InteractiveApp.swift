/// Where the full-screen app (docs/PRODUCT.md: The terminal app) starts: `verbumcare-tui` with no subcommand on a
/// terminal.
enum InteractiveApp {
    @MainActor
    static func run(context: CommandContext) throws {
        try TerminalApp(context: context).run()
    }
}
