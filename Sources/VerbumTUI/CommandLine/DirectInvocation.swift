import ArgumentParser

/// The invocations read without swift-argument-parser: a plain start of the app (global options
/// only) and the monitoring commands `check` and `status` in their usual forms. The parser's
/// reflection over the command tree (its protocol conformance lookups) was about half of a cold
/// `check`'s main-thread CPU time; scripts and monitoring run `check` every minute, and the
/// app's first frame waits for it.
///
/// Each option is read the way the parser reads it (`--name value`, `--name=value`, a flag),
/// each written once (`--connect-to` as often as wanted), global options before or after the
/// command's name. `read` returns nil for anything else: another command, `--help`, an unknown,
/// repeated or incomplete option, a value that looks like an option, a value the command
/// rejects (`--format xml`, `--all` with a server). The parser then reads the arguments and
/// reports the problem in its own words, so an error looks the same on either route.
enum DirectInvocation {
    case app(GlobalOptions)
    case check(CheckCommand)
    case status(StatusCommand)

    /// Set in the environment, every invocation goes through the parser: the tests compare both
    /// routes with it.
    static let parserOnlyVariable = "VERBUMCARE_PARSER_ONLY"

    static func read(_ arguments: [String]) -> DirectInvocation? {
        guard var reader = Reader(arguments) else { return nil }
        guard let name = reader.words.first else { return .app(reader.globalOptions) }
        switch name {
        case CheckCommand.configuration.commandName:
            var command = CheckCommand()
            command.global = reader.globalOptions
            command.all = reader.takeFlag("--all")
            command.json = reader.takeFlag("--json")
            if let format = reader.takeValue("--format") {
                guard let parsed = CheckFormat(rawValue: format) else { return nil }
                command.format = parsed
            } else {
                command.format = nil
            }
            command.output = reader.takeValue("--output")
            command.target = reader.words.count == 2 ? reader.words[1] : nil
            guard reader.isDone(words: command.target == nil ? 1 : 2), (try? command.validate()) != nil else {
                return nil
            }
            return .check(command)
        case StatusCommand.configuration.commandName:
            var command = StatusCommand()
            command.global = reader.globalOptions
            command.json = reader.takeFlag("--json")
            guard reader.isDone(words: 1) else { return nil }
            return .status(command)
        default:
            return nil
        }
    }

    /// Splits the arguments into global options, the other options (`--name` or
    /// `--name=value`, with the value that follows) and the words that are neither.
    private struct Reader {
        var globalOptions = GlobalOptions()
        var words: [String] = []
        private var flags: [String] = []
        private var values: [String: String] = [:]

        /// The command options that take a value; any other `--name` is a flag.
        private static let valueOptionNames: Set<String> = ["--format", "--output"]

        init?(_ arguments: [String]) {
            var globals: [String: String] = [:]
            var globalFlags: [String] = []
            var connectTo: [String] = []
            var index = arguments.startIndex
            while index < arguments.endIndex {
                let argument = arguments[index]
                if let option = ArgumentNormalizer.globalOption(at: index, in: arguments) {
                    index = option.next
                    if let value = option.value {
                        guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
                        if option.name == "--connect-to" {
                            connectTo.append(value)
                        } else if globals.updateValue(value, forKey: option.name) != nil {
                            return nil
                        }
                    } else {
                        guard !globalFlags.contains(option.name) else { return nil }
                        globalFlags.append(option.name)
                    }
                } else if argument.hasPrefix("--"), argument.count > 2 {
                    // Options of a command come after its name; before it, only global options.
                    guard !words.isEmpty else { return nil }
                    if let option = ArgumentNormalizer.option(at: index, in: arguments, flags: [],
                                                              values: Self.valueOptionNames),
                       let value = option.value {
                        guard !value.isEmpty, !value.hasPrefix("-"), values.updateValue(value, forKey: option.name) == nil else {
                            return nil
                        }
                        index = option.next
                    } else {
                        // An unknown flag is kept: left over after the command took its own, it declines.
                        guard !argument.contains("="), !flags.contains(argument) else { return nil }
                        flags.append(argument)
                        index += 1
                    }
                } else {
                    // `-x`, `-`, `--` and words such as `help` mean something to the parser alone.
                    guard !argument.hasPrefix("-"), argument != "help", !argument.isEmpty else { return nil }
                    words.append(argument)
                    index += 1
                }
            }
            globalOptions.home = globals["--home"]
            globalOptions.env = globals["--env"]
            globalOptions.lang = globals["--lang"]
            globalOptions.cacert = globals["--cacert"]
            globalOptions.connectTo = connectTo
            globalOptions.noColor = globalFlags.contains("--no-color")
            globalOptions.plain = globalFlags.contains("--plain")
        }

        mutating func takeFlag(_ name: String) -> Bool {
            guard let index = flags.firstIndex(of: name) else { return false }
            flags.remove(at: index)
            return true
        }

        mutating func takeValue(_ name: String) -> String? {
            values.removeValue(forKey: name)
        }

        /// True when every option was taken and the words are the command's name and `words - 1` more.
        func isDone(words count: Int) -> Bool {
            flags.isEmpty && values.isEmpty && words.count == count
        }
    }
}
