import ArgumentParser

/// Lets global options come before or after a subcommand's name (docs/PRODUCT.md: The command line).
///
/// swift-argument-parser hands each command only the options written after its own name,
/// so `verbumcare-tui --home DIR servers` would give `--home` to the root command and not to
/// `servers`. Every command declares `GlobalOptions`; this moves the global options written
/// before the subcommand path to just after it, where the subcommand parses them. Anything
/// else (an unknown option, `--help`, a stray value) stops the scan and is left in place, so
/// the parser still reports it.
enum ArgumentNormalizer {
    static func normalize(_ arguments: [String], root: any ParsableCommand.Type = VerbumTUICommand.self) -> [String] {
        var path: [String] = []
        var globals: [String] = []
        var command = root
        var index = arguments.startIndex
        scan: while index < arguments.endIndex {
            let argument = arguments[index]
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if GlobalOptions.valueOptionNames.contains(name) {
                let takesNext = !argument.contains("=") && index + 1 < arguments.endIndex
                globals += arguments[index...(takesNext ? index + 1 : index)]
                index += takesNext ? 2 : 1
            } else if GlobalOptions.flagNames.contains(argument) {
                globals.append(argument)
                index += 1
            } else if let sub = command.configuration.subcommands
                        .first(where: { $0.configuration.commandName == argument }) {
                path.append(argument)
                command = sub
                index += 1
            } else {
                break scan
            }
        }
        guard !path.isEmpty else { return arguments }
        return path + globals + arguments[index...]
    }

    /// `--version` anywhere before `--`, after the subcommand's name too.
    static func asksForVersion(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--version")
    }
}
