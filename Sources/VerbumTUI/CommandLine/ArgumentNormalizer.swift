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
            if let option = globalOption(at: index, in: arguments) {
                globals += arguments[index..<option.next]
                index = option.next
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
        if path == ["settings", "set"] {
            return path + globals + valuesMarked(Array(arguments[index...]))
        }
        return path + globals + arguments[index...]
    }

    /// `settings set KEY VALUE`: a value that starts with "-" (`cert_warning_days -1`) is a value,
    /// refused as a value (exit 1, localized), not an unknown option (SPEC §11). Global options
    /// stay options; the positional arguments go after "--". `--help` leaves everything as written.
    static func valuesMarked(_ arguments: [String]) -> [String] {
        guard arguments.contains(where: { $0.hasPrefix("-") && $0 != "--" }),
              !arguments.contains(where: { ["--help", "-h", "--version"].contains($0) }) else { return arguments }
        var options: [String] = []
        var values: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            if arguments[index] == "--" {
                values += arguments[(index + 1)...]
                break
            }
            if let option = globalOption(at: index, in: arguments) {
                options += arguments[index..<option.next]
                index = option.next
            } else {
                values.append(arguments[index])
                index += 1
            }
        }
        return options + ["--"] + values
    }

    /// The global option that starts at `index`: its name, its value (nil for a flag; the
    /// next argument, or what follows `=`) and where the next argument starts. nil when the
    /// argument is not a global option, or a value option is the last argument.
    static func globalOption(at index: Int, in arguments: [String]) -> (name: String, value: String?, next: Int)? {
        option(at: index, in: arguments, flags: GlobalOptions.flagNames, values: GlobalOptions.valueOptionNames)
    }

    /// The option among `flags` and `values` that starts at `index`, read as the parser reads
    /// it (`--name value`, `--name=value`, a flag); nil as for `globalOption`.
    static func option(at index: Int, in arguments: [String], flags: Set<String>,
                       values: Set<String>) -> (name: String, value: String?, next: Int)? {
        let argument = arguments[index]
        if flags.contains(argument) { return (argument, nil, index + 1) }
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard values.contains(name) else { return nil }
        if parts.count == 2 { return (name, String(parts[1]), index + 1) }
        guard index + 1 < arguments.endIndex else { return nil }
        return (name, arguments[index + 1], index + 2)
    }

    /// `--version` anywhere before `--`, after the subcommand's name too.
    static func asksForVersion(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--version")
    }
}
