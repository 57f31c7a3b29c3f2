import Localization

/// swift-argument-parser's own messages (an unknown option, a missing argument…) in the
/// language in use. The library writes them in English and exposes no hook for their words,
/// so the message it made is read back: which error it is comes from the error's case name
/// (`Mirror`: the library's `CommandError` and `ParserError` are internal), and the names and
/// values it quotes come from its sentence, whose shape is fixed per case. A message of a shape
/// not known here is left in English, whole (CommandLineTests.ParserErrorLanguageTests fails
/// on every error a person can meet that stays English, so a new library version that changes
/// a sentence shows up there).
struct ParserErrorText {
    let localizer: Localizer

    /// `full` (the library's `fullMessage(for: error)`) with its error sentence, its
    /// `Help:` and `Usage:` labels and its pointer to `--help` in the language in use.
    func localized(_ error: any Error, full: String) -> String {
        guard let name = Self.caseName(of: error), full.hasPrefix(Self.englishPrefix) else { return full }
        let afterPrefix = full.dropFirst(Self.englishPrefix.count)
        // The sentence runs to the first `Help:` or `Usage:` line (it may have lines of its own).
        let end = [Self.helpLabel, Self.usageLabel].compactMap { afterPrefix.firstRange(of: "\n" + $0)?.lowerBound }.min()
            ?? afterPrefix.endIndex
        let sentence = String(afterPrefix[..<end])
        let message = self.message(case: name, english: sentence) ?? sentence
        var rest: [String] = []
        for line in afterPrefix[end...].split(separator: "\n", omittingEmptySubsequences: false) {
            rest.append(relabelled(String(line)))
        }
        return localizer.text("cli.error.prefix") + ": " + message + rest.joined(separator: "\n")
    }

    static let englishPrefix = "Error: "
    static let helpLabel = "Help:  "
    static let usageLabel = "Usage: "

    /// The `Help:`, `Usage:` and `See '… --help' for more information.` lines, in words.
    private func relabelled(_ line: String) -> String {
        if line.hasPrefix(Self.helpLabel) {
            return localizer.text("cli.parse.help_label") + ": " + line.dropFirst(Self.helpLabel.count)
        }
        if line.hasPrefix(Self.usageLabel) {
            return localizer.text("cli.parse.usage_label") + ": " + line.dropFirst(Self.usageLabel.count)
        }
        if let command = Self.between(line, "  See '", "' for more information.") {
            return "  " + localizer.text("cli.parse.see_help", ["command": command])
        }
        return line
    }

    /// The sentence for the parser's error `name`, or nil when its English is not of a known shape.
    func message(case name: String, english: String) -> String? {
        switch name {
        case "unknownOption":
            if let option = Self.between(english, "Unknown option '", "'") {
                return localizer.text("cli.parse.unknown_option", ["option": option])
            }
            guard let parts = Self.between(english, "Unknown option '", "'?"),
                  let split = parts.firstRange(of: "'. Did you mean '") else { return nil }
            return localizer.text("cli.parse.unknown_option_suggestion",
                                  ["option": String(parts[..<split.lowerBound]),
                                   "suggestion": String(parts[split.upperBound...])])
        case "invalidOption", "nonAlphanumericShortOption":
            guard english.hasPrefix("Invalid option: ") else { return nil }
            return localizer.text("cli.parse.unknown_option", ["option": String(english.dropFirst("Invalid option: ".count))])
        case "missingValueForOption":
            guard let option = Self.between(english, "Missing value for '", "'") else { return nil }
            return localizer.text("cli.parse.missing_value", ["option": option])
        case "unexpectedValueForOption":
            guard let parts = Self.between(english, "The option '", "' was specified."),
                  let split = parts.firstRange(of: "' does not take any value, but '") else { return nil }
            return localizer.text("cli.parse.flag_value", ["option": String(parts[..<split.lowerBound]),
                                                            "value": String(parts[split.upperBound...])])
        case "unexpectedExtraValues":
            if let value = Self.between(english, "Unexpected argument '", "'") {
                return localizer.text("cli.parse.unexpected_argument", ["value": value])
            }
            guard let colon = english.firstRange(of: " unexpected arguments: "),
                  let count = Int(english[..<colon.lowerBound]) else { return nil }
            return localizer.text("cli.parse.unexpected_arguments", ["count": String(count),
                                                                     "values": String(english[colon.upperBound...])])
        case "noValue":
            if let argument = Self.between(english, "Missing expected argument '", "'") {
                return localizer.text("cli.parse.missing_argument", ["argument": argument])
            }
            guard english.hasPrefix("Missing one of: ") else { return nil }
            return localizer.text("cli.parse.missing_one_of", ["arguments": String(english.dropFirst("Missing one of: ".count))])
        case "unableToParseValue":
            return invalidValue(english)
        case "missingSubcommand":
            return localizer.text("cli.parse.missing_subcommand")
        default:
            return nil
        }
    }

    /// "The value 'V' is invalid for 'NAME'", perhaps followed by the values it takes.
    private func invalidValue(_ english: String) -> String? {
        guard english.hasPrefix("The value '") else { return nil }
        let body = english.dropFirst("The value '".count)
        guard let split = body.firstRange(of: "' is invalid for '") else { return nil }
        let value = String(body[..<split.lowerBound])
        let tail = body[split.upperBound...]
        guard let close = tail.firstIndex(of: "'") else { return nil }
        let option = String(tail[..<close])
        let more = tail[tail.index(after: close)...]
        if let refusal = Self.typedValueRefusal(option: option, value: value) {
            return localizer.text(refusal.key, refusal.parameters)
        }
        if more.isEmpty { return localizer.text("cli.parse.invalid_value", ["value": value, "option": option]) }
        // `. Please provide one of 'a', 'b' or 'c'.` or, for six or more, a list of `  - a` lines.
        let choices: [String]
        if more.hasPrefix(". Please provide one of the following:\n") {
            choices = more.split(separator: "\n").dropFirst().compactMap { line in
                line.hasPrefix("  - ") ? String(line.dropFirst(4)) : nil
            }
        } else if more.hasPrefix(". Please provide one of ") {
            choices = more.split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        } else {
            return nil
        }
        guard !choices.isEmpty else { return nil }
        return localizer.text("cli.parse.invalid_value_choices",
                              ["value": value, "option": option, "choices": choices.joined(separator: ", ")])
    }

    /// The app's own words for a value of a closed set that the parser refused (typed values,
    /// `ExpressibleByArgument`), by the option or argument it names: the same sentence a bad
    /// `VERBUMCARE_ENV` or `lang CODE` gets, and for a settings key the key probably meant.
    static func typedValueRefusal(option: String, value: String) -> (key: String, parameters: [String: String])? {
        switch option {
        case "--lang <code>": ("cli.lang_unknown", ["code": value])
        case "--env <name>": ("cli.invalid_env", ["value": value])
        case "<key>": SettingsKey.unknownKeyMessage(for: value)
        default: nil
        }
    }

    /// What lies between `prefix` and `suffix` when `text` is exactly `prefix`, something, `suffix`.
    static func between(_ text: String, _ prefix: String, _ suffix: String) -> String? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The case name of the library's parser error inside `error` (`CommandError.parserError`,
    /// or a bare `ParserError`), looking through `noArguments`; nil for any other error.
    static func caseName(of error: any Error) -> String? {
        var subject: Any = error
        if String(describing: type(of: error)) == "CommandError",
           let inner = Mirror(reflecting: error).children.first(where: { $0.label == "parserError" })?.value {
            subject = inner
        }
        while String(describing: type(of: subject)) == "ParserError" {
            let mirror = Mirror(reflecting: subject)
            guard let payload = mirror.children.first else { return String(describing: subject) }
            guard payload.label == "noArguments" else { return payload.label }
            // `noArguments(Error)`: the wrapped error decides.
            subject = payload.value
        }
        return nil
    }
}
