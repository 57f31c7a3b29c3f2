import ArgumentParser
import SettingsStore

/// `settings reset`: every key back to its default (server pn51, no custom servers).
struct SettingsResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Reset every setting to its default.")

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let context = try CommandContext(options: global)
        _ = context.loadSettings()
        try SettingsCommand.update(context: context) { settings in settings = .defaults }
        context.console.output(context.console.text("cli.reset_done"))
    }
}
