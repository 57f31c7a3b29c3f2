import Localization
import TerminalRendering

/// The words swift-argument-parser puts into a help screen itself (`OVERVIEW:`, `USAGE:`, the
/// section headings, its `--version` and `--help` lines, the pointer to `help <subcommand>`), in
/// the language in use. The library has no hook for them, so the screen it made is read back
/// line by line; the texts of the commands and options are already the catalog's (`HelpText`).
/// A line of a shape not known here is left as it is.
struct HelpScreenText {
    let localizer: Localizer

    /// Whether `text` is a help screen (it has the library's `USAGE:` line).
    static func isHelpScreen(_ text: String) -> Bool {
        text.hasPrefix("OVERVIEW: ") || text.hasPrefix("USAGE: ") || text.contains("\nUSAGE: ")
    }

    func localized(_ text: String) -> String {
        guard localizer.language != .en, Self.isHelpScreen(text) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
            .joined(separator: "\n")
    }

    private static let headings = ["ARGUMENTS:": "cli.help.section.arguments", "OPTIONS:": "cli.help.section.options",
                                   "SUBCOMMANDS:": "cli.help.section.subcommands"]

    private func line(_ line: String) -> String {
        if let key = Self.headings[line] { return localizer.text(key) + ":" }
        for (prefix, key) in [("OVERVIEW: ", "cli.help.section.overview"), ("USAGE: ", "cli.help.section.usage")]
        where line.hasPrefix(prefix) {
            return localizer.text(key) + ": " + line.dropFirst(prefix.count)
        }
        for (option, english, key) in [("--version", "Show the version.", "cli.help.version_option"),
                                       ("--help", "Show help information.", "cli.help.help_option")]
        where line.hasSuffix(english) && line.contains(option) {
            return line.dropLast(english.count) + localizer.text(key)
        }
        if let command = ParserErrorText.between(line, "  See '", " <subcommand>' for detailed help.") {
            return "  " + localizer.text("cli.help.see_subcommand", ["command": command + " <subcommand>"])
        }
        // `  show (default)          text`: the marker in words, the text's column kept.
        if line.hasPrefix("  "), let marker = line.firstRange(of: " (default)") {
            let rest = line[marker.upperBound...]
            let spaces = rest.prefix { $0 == " " }
            let words = " " + localizer.text("cli.help.default_marker")
            let padding = max(1, " (default)".count + spaces.count - DisplayWidth.standard.width(of: words))
            return line[..<marker.lowerBound] + words + String(repeating: " ", count: padding) + rest.dropFirst(spaces.count)
        }
        return line
    }
}
