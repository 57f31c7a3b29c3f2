import ArgumentParser

/// `settings show [--json]`: every settings.json key with the value in effect.
struct SettingsShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print every setting with the value in effect.")

    @Flag(help: "Print a JSON document.") var json = false

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let context = try CommandContext(options: global)
        let settings = context.loadSettings()
        let report = SettingsReport(settings: settings,
                                    directory: ServerDirectory(settings: settings, environment: context.environment))
        if json {
            context.console.output(json: report.json)
        } else {
            context.console.output(report.humanLines.joined(separator: "\n"))
        }
    }
}
