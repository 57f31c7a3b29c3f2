/// Where the full-screen app (SPEC §10) starts: `verbumcare-tui` with no subcommand on a
/// terminal.
enum InteractiveApp {
    @MainActor
    static func run(context: CommandContext) throws {
        try TerminalApp(context: context).run()
    }
}
