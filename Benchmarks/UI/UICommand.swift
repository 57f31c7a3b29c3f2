import ArgumentParser

/// `verbumcare-bench ui`: whole-screen frames from the real screens (docs/PRODUCT.md: Performance targets: a frame with
/// 200 custom servers under 2 ms; language switch keypress to frame under 2 ms).
struct UIBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Time rendering the real screens: main screen in three languages, the 200-server pane, a language switch.")

    @Option(help: "Iterations per benchmark.")
    var iterations = 2000

    @Option(help: "Run only the benchmarks whose name contains this text (for profiling one).")
    var only: String?

    func run() {
        _ = runUIBenchmarks(iterations: iterations, only: only)
    }
}
