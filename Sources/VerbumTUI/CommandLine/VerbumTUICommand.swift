import ArgumentParser
import FoundationEssentials
import Glibc

/// `verbumcare-tui [OPTIONS]` starts the app; subcommands print and exit (docs/PRODUCT.md: The command line).
struct VerbumTUICommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        var configuration = CommandConfiguration(
            commandName: "verbumcare-tui",
            abstract: HelpText.text("cli.help.abstract"),
            discussion: HelpText.text("cli.help.discussion"),
            version: VerbumTUIVersion.versionLine,
            subcommands: [StatusCommand.self, CheckCommand.self, ValidateCommand.self, ServersCommand.self, SettingsCommand.self,
                          LangCommand.self, PathsCommand.self, DoctorCommand.self, LoginCommand.self, LogoutCommand.self,
                          MonitorCommand.self, HistoryCommand.self, MuteCommand.self, UnmuteCommand.self, AlertsCommand.self,
                          DrillCommand.self, IncidentsCommand.self, IncidentCommand.self, ReportCommand.self,
                          FleetCommand.self])
        // On every parse swift-argument-parser first looks for `--generate-completion-script` by
        // parsing the arguments twice more, with two command types of its own: a tenth of the
        // main thread's work to the app's first frame, mostly the Swift runtime's first
        // look-ups of those types (docs/PERFORMANCE.md: Start-up).
        // It skips that look for a pseudo-command (`_superCommandName` set), which changes
        // nothing else while no text is made: so the first parse, which shows no text
        // (`HelpLanguage`), skips it. A command line asking for a script is refused by that
        // parse (the option is nobody's; after `settings set KEY` it is the value, like any word
        // there), and the second parse, in the run's language, finds
        // it; help and errors are made after the first parse, from this configuration as it is
        // then, without the field.
        configuration._superCommandName = HelpLanguage.drafting ? "" : nil
        return configuration
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
