import ArgumentParser
import SettingsStore

/// `settings show|set|add-custom|remove-custom|reset`: read and write settings.json with the
/// app's validation and locking, like `defaults write` (SPEC §11).
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change the native settings (settings.json).",
        subcommands: [SettingsShowCommand.self, SettingsSetCommand.self, SettingsAddCustomCommand.self,
                      SettingsRemoveCustomCommand.self, SettingsResetCommand.self],
        defaultSubcommand: SettingsShowCommand.self)

    /// Runs one locked read-modify-write. A refusal leaves the file untouched, is told on
    /// stderr with the validator's messages, and ends the run with exit 1.
    static func update(context: CommandContext, _ body: (inout NativeSettings) throws(SettingsKey.Refusal) -> Void) throws {
        do {
            try context.settingsFile.update { settings in try body(&settings) }
        } catch let refusal as SettingsKey.Refusal {
            report(refusal, console: context.console)
            throw ExitCode.failure
        } catch {
            context.console.error("files.write_failed", ["file": "settings.json", "reason": "\(error)"])
            throw ExitCode.failure
        }
    }

    static func report(_ refusal: SettingsKey.Refusal, console: Console) {
        console.error(refusal.key, refusal.parameters)
        guard let validation = refusal.validation else { return }
        let report = ValidationReport(result: validation, localizer: console.localizer)
        for issue in validation.errors {
            console.diagnostic("  " + console.text("cli.error.prefix") + report.message(issue))
        }
        for suggestion in validation.suggestions {
            console.diagnostic("  " + console.text("validation.suggestion", ["address": suggestion]))
        }
    }
}
