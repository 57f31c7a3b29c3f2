import ArgumentParser
import SettingsStore

/// `settings show|set|add-custom|remove-custom|reset`: read and write settings.json with the
/// app's validation and locking, like `defaults write` (docs/PRODUCT.md: The command line).
struct SettingsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "settings", abstract: HelpText.text("cli.help.settings"),
            subcommands: [SettingsShowCommand.self, SettingsSetCommand.self, SettingsAddCustomCommand.self,
                          SettingsRemoveCustomCommand.self, SettingsResetCommand.self],
            defaultSubcommand: SettingsShowCommand.self)
    }

    /// Runs a change. A refusal leaves the file untouched and is told on stderr with the
    /// validator's messages; it and a failed write end the run with exit 1. A settings.json
    /// that cannot be written safely (empty or unparseable, perhaps mid-save in an editor; not
    /// a regular file; a link to another user's file) is told precisely before anything runs.
    @MainActor
    static func change(context: CommandContext, _ body: () throws -> Void) throws {
        if let blocker = context.settingsFile.updateBlocker() {
            context.console.error(blocker.key, blocker.parameters)
            throw ExitCode.failure
        }
        do {
            try body()
        } catch let refusal as SettingsKey.Refusal {
            report(refusal, console: context.console)
            throw ExitCode.failure
        } catch let error as ExitCode {
            throw error
        } catch let error as SettingsActionError {
            context.console.error(error.appError.key, error.appError.parameters)
            throw ExitCode.failure
        } catch {
            context.console.error("files.write_failed", ["file": "settings.json", "reason": ErrorReason.text(error)])
            throw ExitCode.failure
        }
    }

    static func report(_ refusal: SettingsKey.Refusal, console: Console) {
        console.error(refusal.key, refusal.parameters)
        guard let validation = refusal.validation else { return }
        let report = ValidationReport(result: validation, localizer: console.localizer)
        for issue in validation.errors {
            console.diagnostic("  " + console.text("cli.error.prefix") + ": " + report.message(issue))
        }
        for suggestion in validation.suggestions {
            console.diagnostic("  " + console.text("validation.suggestion", ["address": suggestion]))
        }
    }
}
