import ArgumentParser
import FoundationEssentials
import Glibc

/// `verbumcare-tui [OPTIONS]` starts the app; subcommands print and exit (docs/PRODUCT.md: The command line).
struct VerbumTUICommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "verbumcare-tui",
            abstract: HelpText.text("cli.help.abstract"),
            discussion: HelpText.text("cli.help.discussion"),
            version: VerbumTUIVersion.versionLine,
            subcommands: [StatusCommand.self, CheckCommand.self, ValidateCommand.self, ServersCommand.self, SettingsCommand.self,
                          LangCommand.self, PathsCommand.self, DoctorCommand.self, LoginCommand.self, LogoutCommand.self,
                          MonitorCommand.self, HistoryCommand.self, MuteCommand.self, UnmuteCommand.self, AlertsCommand.self,
                          DrillCommand.self, IncidentsCommand.self, IncidentCommand.self, ReportCommand.self,
                          FleetCommand.self])
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func run() throws {
        try Self.startApp(global: global)
    }

    /// The full-screen app with these options.
    static func startApp(global: GlobalOptions) throws {
        try MainActor.assumeIsolated {
            let context = try CommandContext(options: global)
            guard isatty(STDOUT_FILENO) == 1 else {
                context.console.diagnostic(context.console.text("cli.not_a_terminal"))
                throw ExitCode.validationFailure
            }
            try TerminalApp.run(context: context)
            try context.finish()
        }
    }
}
