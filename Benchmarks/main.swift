import ArgumentParser

/// `verbumcare-bench`: each area adds its subcommand family here and keeps its code in its
/// own folder (Client/, Rendering/, ...).
// ArgumentParser runs a root command asynchronously only with this annotation.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verbumcare-bench",
        abstract: "Benchmarks of verbumcare-tui; each prints its figures.",
        subcommands: [ProbeCommand.self, RenderCommand.self, UIBenchCommand.self, HistoryBenchCommand.self,
                      RemoteWriteBenchCommand.self, ReportBenchCommand.self, FleetBenchCommand.self])
}

/// Top-level code (this is main.swift, where @main is not allowed) prefers ParsableCommand's
/// synchronous `main()`, which refuses async commands; from a generic async function the
/// async entry point is the one chosen.
func runAsync<Command: AsyncParsableCommand>(_ command: Command.Type) async {
    await command.main()
}

await runAsync(Bench.self)
