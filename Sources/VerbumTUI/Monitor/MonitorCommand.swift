import ArgumentParser

/// `monitor [--textfile FILE] [--once]`: the app's loop without a screen (SPEC §15.1).
struct MonitorCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "monitor", abstract: HelpText.text("cli.help.monitor"))
    }

    @Option(help: HelpText.help("cli.help.monitor.textfile")) var textfile: String?
    @Flag(help: HelpText.help("cli.help.monitor.once")) var once = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let service = try MonitorService(context: context, textfile: textfile, once: once)
        service.start()
        // The service exits the process: after `--once`'s round, or after the round in
        // flight when a signal asks it to stop.
        MainQueueLoop.run()
    }
}
