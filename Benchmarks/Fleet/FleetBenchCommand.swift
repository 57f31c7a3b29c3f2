import ArgumentParser

/// `verbumcare-bench fleet`: the fleet view's frame with 500 boxes (SPEC §13: under 2 ms once
/// the query has answered).
struct FleetBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Time the fleet view's frame with 500 boxes, and reading the query's answer into rows.")

    @Option(help: "Iterations per benchmark.")
    var iterations = 2000

    func run() {
        _ = runFleetBenchmarks(iterations: iterations)
    }
}
