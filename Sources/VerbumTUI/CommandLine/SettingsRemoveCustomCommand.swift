import ArgumentParser
import SettingsStore

/// `settings remove-custom URL|ID`: removes a custom server. If it was the configured
/// server, the configuration goes back to the default server.
struct SettingsRemoveCustomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-custom", abstract: "Remove a custom server by address or id.")

    @Argument(help: ArgumentHelp("The custom server's address or id (see `servers`).", valueName: "url-or-id"))
    var target: String

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let context = try CommandContext(options: global)
        _ = context.loadSettings()
        let environment = context.environment
        let target = self.target
        var removed: String?
        try SettingsCommand.update(context: context) { settings throws(SettingsKey.Refusal) in
            // Resolved against the file as it is under the lock, not as it was read above.
            let directory = ServerDirectory(settings: settings, environment: environment)
            guard let server = directory.find(target, environment: environment),
                  settings.customServers.contains(server.baseUrl) else {
                throw SettingsKey.Refusal(key: "cli.custom_not_found", parameters: ["target": target])
            }
            settings.customServers.removeAll { $0 == server.baseUrl }
            if settings.customServerAddress == server.baseUrl {
                settings.customServerAddress = nil
                if settings.backendServerAddress == NativeSettings.customSentinel { settings.backendServerAddress = nil }
            }
            if settings.backendServerAddress == server.baseUrl { settings.backendServerAddress = nil }
            removed = server.baseUrl
        }
        context.console.output(context.console.text("cli.custom_removed", ["address": removed ?? target]))
    }
}
