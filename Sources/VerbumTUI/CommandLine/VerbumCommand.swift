import ArgumentParser
import BackendClient

/// A subcommand: it declares the global options and does its work on the main actor, where
/// the settings store lives, with a context made from those options.
protocol VerbumCommand: ParsableCommand, Sendable {
    var global: GlobalOptions { get }
    /// Whether the command sends requests (`check`, `status`, `login`): `run` then starts
    /// loading libcurl first thing, on a thread of its own (`CurlLibrary.preload`), so its
    /// loading overlaps the settings and the rest of the start-up. The full-screen app and the
    /// commands that only read files never map libcurl. (Read here, statically, rather than by
    /// casting the parsed command in main.swift: a first cast to a protocol scans the binary's
    /// conformance records.)
    static var sendsRequests: Bool { get }
    @MainActor func execute(context: CommandContext) throws
}

extension VerbumCommand {
    static var sendsRequests: Bool { false }

    func run() throws {
        if Self.sendsRequests { CurlLibrary.preload() }
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
