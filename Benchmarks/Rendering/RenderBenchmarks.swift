import Glibc
import TerminalRendering

/// One timed figure.
struct RenderBenchmarkResult: Sendable {
    var name: String
    var iterations: Int
    var nanosecondsPerIteration: Double
    var bestBatchNanosecondsPerIteration: Double
}

/// Rendering benchmarks (docs/PRODUCT.md: Performance targets): a full 100×30 frame of mixed CJK text drawn into a fresh
/// buffer; its diff against the previous second's frame and against a blank screen (a full
/// repaint); the settings pane with 200 servers; and display width of a mixed string.
/// Prints one line per figure and returns them.
@discardableResult
func runRenderBenchmarks(iterations: Int = 2000, ambiguousWide: Bool = false) -> [RenderBenchmarkResult] {
    let metrics = DisplayWidth(options: WidthOptions(ambiguousIsWide: ambiguousWide))
    var results: [RenderBenchmarkResult] = []
    var sink = 0

    results.append(measure("render.frame-100x30.draw", iterations: iterations) { index in
        sink &+= SampleFrames.mainScreen(width: 100, height: 30, tick: index, metrics: metrics).width
    })

    let frames = (0..<2).map { SampleFrames.mainScreen(width: 100, height: 30, tick: $0, metrics: metrics) }
    results.append(measure("render.frame-100x30.diff-tick", iterations: iterations) { index in
        sink &+= frames[(index + 1) % 2].diff(from: frames[index % 2]).count
    })

    let blank = CellBuffer(width: 100, height: 30, metrics: metrics)
    results.append(measure("render.frame-100x30.diff-full", iterations: iterations) { index in
        sink &+= frames[index % 2].diff(from: blank).count
    })

    results.append(measure("render.frame-100x30.draw+diff-tick", iterations: iterations) { index in
        let frame = SampleFrames.mainScreen(width: 100, height: 30, tick: index + 1, metrics: metrics)
        sink &+= frame.diff(from: frames[index % 2]).count
    })

    results.append(measure("render.list-200.draw+diff-full (100x30, 200 servers)", iterations: iterations) { index in
        let frame = SampleFrames.serverList(count: 200, width: 100, height: 30, cursor: index % 200, metrics: metrics)
        sink &+= frame.diff(from: blank).count
    })

    let tall = CellBuffer(width: 100, height: 202, metrics: metrics)
    results.append(measure("render.list-200-rows.draw+diff-full (100x202, all 200 rows drawn)",
                           iterations: max(1, iterations / 4)) { index in
        let frame = SampleFrames.serverList(count: 200, width: 100, height: 202, cursor: index % 200, metrics: metrics)
        sink &+= frame.diff(from: tall).count
    })

    let text = "サーバーに接続しています · Connecting to the server · 正在連線到伺服器 🇯🇵 ❤️ é"
    results.append(measure("render.width (60-cluster mixed string)", iterations: iterations * 20) { _ in
        sink &+= metrics.width(of: text)
    })

    if sink == 42 { print("") }  // keeps the work observable to the optimizer
    return results
}

/// Times `body` over `iterations` runs after a warm-up and prints the mean per run; also the
/// fastest of 5 equal batches, which is what the code costs when the shared machine lets it run,
/// and the thread's CPU time per run, which does not count the time another process had the core.
func measure(_ name: String, iterations: Int, _ body: (Int) -> Void) -> RenderBenchmarkResult {
    let clock = ContinuousClock()
    for index in 0..<max(1, iterations / 10) { body(index) }
    let batches = 5
    let perBatch = max(1, iterations / batches)
    var best = Double.infinity
    var total = 0.0
    let cpuStart = threadCPUNanoseconds()
    for batch in 0..<batches {
        let elapsed = clock.measure {
            for index in (batch * perBatch)..<((batch + 1) * perBatch) { body(index) }
        }
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        total += nanoseconds
        best = min(best, nanoseconds / Double(perBatch))
    }
    let cpu = Double(threadCPUNanoseconds() - cpuStart) / Double(perBatch * batches)
    let perIteration = total / Double(perBatch * batches)
    let result = RenderBenchmarkResult(
        name: name, iterations: perBatch * batches, nanosecondsPerIteration: perIteration,
        bestBatchNanosecondsPerIteration: best)
    print("\(name): mean \(formatted(perIteration / 1000)) µs, best batch \(formatted(best / 1000)) µs,"
          + " CPU \(formatted(cpu / 1000)) µs (\(perBatch * batches) iterations)")
    return result
}

private func threadCPUNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

private func formatted(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return String(describing: rounded)
}
