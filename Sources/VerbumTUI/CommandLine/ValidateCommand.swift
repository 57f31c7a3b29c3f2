import ArgumentParser
import SettingsStore

/// `validate ADDRESS [--json]`: the validation result of docs/PRODUCT.md: Address validation. Exit 0 valid, 1 invalid.
struct ValidateCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "validate", abstract: HelpText.text("cli.help.validate"))
    }

    @Argument(help: HelpText.help("cli.help.address_argument", valueName: "address"))
    var address: String

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let report = ValidationReport(result: AddressValidator.validate(address, environment: context.environment),
                                      localizer: context.console.localizer)
        if json {
            context.console.output(json: report.json)
        } else {
            context.console.output(report.humanLines.joined(separator: "\n"))
        }
        if !report.result.isValid { throw ExitCode.failure }
    }
}
