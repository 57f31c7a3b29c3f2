import ArgumentParser

/// The command line, read by swift-argument-parser (the one reader). A command line that
/// parses shows no help text, so it is parsed once with the texts left empty (`HelpLanguage`:
/// no catalog, no app-state.json read for them); a help screen made afterwards reads them in
/// the run's language. A refusal shows texts made while parsing (the commands' `validate()`
/// messages), so the arguments are parsed again, in the run's language, for its error.
enum CommandLineReading {
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        let command = try? VerbumTUICommand.parseAsRoot(arguments)
        HelpLanguage.settle()
        if let command { return command }
        return try VerbumTUICommand.parseAsRoot(arguments)
    }
}
