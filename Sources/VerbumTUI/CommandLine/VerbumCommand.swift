import ArgumentParser

/// A subcommand: it declares the global options and does its work on the main actor, where
/// the settings store lives, with a context made from those options.
protocol VerbumCommand: ParsableCommand, Sendable {
    var global: GlobalOptions { get }
    /// Whether the command sends requests (`check`, `status`, `login`): main.swift then starts
    /// loading libcurl at once, on a thread of its own (`CurlLibrary.preload`), so its loading
    /// overlaps the settings and the rest of the start-up. The full-screen app and the commands
    /// that only read files never map libcurl.
    static var sendsRequests: Bool { get }
    @MainActor func execute(context: CommandContext) throws
}

extension VerbumCommand {
    static var sendsRequests: Bool { false }

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
