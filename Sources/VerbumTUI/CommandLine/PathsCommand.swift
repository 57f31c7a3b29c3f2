import ArgumentParser
import SettingsStore

/// `paths [--json]`: the directories and files this run uses.
struct PathsCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "paths", abstract: HelpText.text("cli.help.paths"))
    }

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let paths = context.paths
        // (JSON key, catalog label key, path), in the order people read them.
        let entries = [
            ("config", "cli.path.config", paths.configDirectory),
            ("state", "cli.path.state", paths.stateDirectory),
            ("cache", "cli.path.cache", paths.cacheDirectory),
            ("log", "cli.path.log", paths.logFile),
            ("settings", "cli.path.settings", paths.settingsFile),
        ]
        if json {
            context.console.output(json: .object(JSONObject(entries.map { ($0.0, .string($0.2)) })))
        } else {
            context.console.output(entries.map { context.console.text($0.1) + ": " + $0.2 }.joined(separator: "\n"))
        }
    }
}
