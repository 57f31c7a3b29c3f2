import ArgumentParser

/// A subcommand: it declares the global options and does its work on the main actor, where
/// the settings store lives, with a context made from those options.
protocol VerbumCommand: ParsableCommand, Sendable {
    var global: GlobalOptions { get }
    @MainActor func execute(context: CommandContext) throws
}

extension VerbumCommand {
    func run() throws {
        ExitStatus.exitOnTerminationSignals()
        // swift-argument-parser calls `run` on the main thread (from main.swift), synchronously.
        try MainActor.assumeIsolated {
            let context = try CommandContext(options: global)
            do {
                try execute(context: context)
            } catch {
                // Writes the command already made still reach the disk before the failure exits.
                try? context.finish()
                throw error
            }
            try context.finish()
        }
    }
}
