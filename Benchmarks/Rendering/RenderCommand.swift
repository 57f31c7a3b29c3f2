import ArgumentParser

/// `verbumcare-bench render`: frame drawing and diffing costs (docs/PRODUCT.md: Performance targets: frames under 2 ms).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time drawing and diffing sample frames (CJK main screen, 200-server pane).")

    @Option(help: "Iterations per benchmark.")
    var iterations = 2000

    @Flag(help: "Measure with ambiguous-width characters counted as wide.")
    var ambiguousWide = false

    func run() {
        _ = runRenderBenchmarks(iterations: iterations, ambiguousWide: ambiguousWide)
    }
}
