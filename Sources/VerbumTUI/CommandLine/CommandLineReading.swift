import ArgumentParser

/// The command line, read by swift-argument-parser (the one reader). A command line that
/// parses to a command shows no help text, so it is parsed once, with the texts left empty
/// (`HelpLanguage`: no catalog, no app-state.json read for them). A help request or a refusal
/// shows texts: the language is settled and the arguments parsed again, so that the parser's
/// help and errors, and the messages of the commands' `validate()`, are made in it.
enum CommandLineReading {
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if let command = try? VerbumTUICommand.parseAsRoot(arguments) {
            if let options = (command as? any VerbumCommand)?.global ?? (command as? VerbumTUICommand)?.global {
                HelpLanguage.settle(HelpLanguage.Inputs(options))
                return command
            }
            // Else the parser's help screen (its `HelpCommand`), made when it runs.
        }
        HelpLanguage.settle(nil)
        return try VerbumTUICommand.parseAsRoot(arguments)
    }
}
