import ArgumentParser
import FoundationEssentials
import Watch

/// `monitor [--textfile FILE] [--status-page DIR] [--once]`: the app's loop without a screen (SPEC §15.1).
struct MonitorCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "monitor", abstract: HelpText.text("cli.help.monitor"))
    }

    @Option(help: HelpText.help("cli.help.monitor.textfile")) var textfile: String?
    @Option(name: .customLong("status-page"), help: HelpText.help("cli.help.monitor.status_page"))
    var statusPage: String?
    @Flag(help: HelpText.help("cli.help.monitor.once")) var once = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let folder = statusPage.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        // A folder that cannot take the page is refused before anything runs.
        if let folder, let problem = StatusPageWriter.check(directory: folder) {
            context.console.error(problem.key, problem.parameters)
            throw ExitCode.failure
        }
        let service = try MonitorService(context: context, textfile: textfile, statusPage: folder, once: once)
        service.start()
        // The service exits the process: after `--once`'s round, or after the round in
        // flight when a signal asks it to stop.
        MainQueueLoop.run()
    }
}
