import ArgumentParser
import SettingsStore

/// `settings add-custom URL`: validated, normalized, never stored twice.
struct SettingsAddCustomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-custom", abstract: "Add a custom server address.")

    @Argument(help: ArgumentHelp("The server address, e.g. https://host/api.", valueName: "url"))
    var url: String

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let context = try CommandContext(options: global)
        _ = context.loadSettings()
        let address: String
        do {
            address = try SettingsKey.customServerAddress.validAddress(url, environment: context.environment)
        } catch {
            SettingsCommand.report(error, console: context.console)
            throw ExitCode.failure
        }
        var added = false
        try SettingsCommand.update(context: context) { settings in
            let known = ServerCatalog.prefilled.map(\.baseUrl) + settings.customServers
            guard !known.contains(address) else { return }
            settings.customServers.append(address)
            added = true
        }
        context.console.output(context.console.text(added ? "cli.custom_added" : "cli.custom_exists",
                                                    ["address": address]))
    }
}
