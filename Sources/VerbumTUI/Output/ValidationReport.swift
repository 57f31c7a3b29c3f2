import Localization
import SettingsStore

/// A validation result (docs/PRODUCT.md: Address validation) as the command line shows it, messages in the run's language.
struct ValidationReport {
    let result: ValidationResult
    let localizer: Localizer

    func message(_ issue: ValidationIssue) -> String {
        localizer.text(issue.messageKey, issue.parameters)
    }

    /// docs/PRODUCT.md: The command line: `{input, isValid, normalizedAddress, hostKind, securityLevel, errors, warnings, suggestions}`.
    var json: JSON {
        .object([
            ("input", .string(result.input)),
            ("isValid", .bool(result.isValid)),
            ("normalizedAddress", .string(result.normalizedAddress)),
            ("hostKind", .optional(result.hostKind?.rawValue)),
            ("securityLevel", .string(result.securityLevel.rawValue)),
            ("errors", .array(result.errors.map(issueJSON))),
            ("warnings", .array(result.warnings.map(issueJSON))),
            ("suggestions", .array(result.suggestions.map(JSON.string))),
        ])
    }

    /// The verdict, then one line per error, warning and suggestion.
    var humanLines: [String] {
        let verdict: String
        if result.isValid {
            verdict = localizer.text("cli.validate.valid", ["address": result.normalizedAddress])
        } else if result.input.allSatisfy(\.isWhitespace) {
            verdict = localizer.text("cli.validate.invalid_empty")
        } else {
            // The input is shown as typed, minus anything that would act on the terminal.
            verdict = localizer.text("cli.validate.invalid", ["address": TextSanitizer.clean(result.input)])
        }
        var lines = [verdict]
        lines += result.errors.map { "  " + localizer.text("cli.error.prefix") + ": " + message($0) }
        lines += result.warnings.map { "  " + localizer.text("cli.warning.prefix") + ": " + message($0) }
        lines += result.suggestions.map { "  " + localizer.text("validation.suggestion", ["address": $0]) }
        return lines
    }

    private func issueJSON(_ issue: ValidationIssue) -> JSON {
        .object([("code", .string(issue.code.rawValue)), ("message", .string(message(issue)))])
    }
}
