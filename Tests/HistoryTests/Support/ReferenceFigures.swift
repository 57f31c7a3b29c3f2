import AppCore

/// Window figures computed the naive way, straight from the samples: no aggregates, no tiers,
/// no histogram. What the stored tiers must reproduce exactly.
enum ReferenceFigures {
    static func figures(_ samples: [ProbeSample], serverId: String, window: HistoryWindow, now: Int64) -> WindowFigures {
        let span = WindowSpan(window: window, now: now)
        let inside = samples.filter { $0.serverId == serverId && span.contains(minute: minute(of: $0.at)) }
        let latencies = inside.compactMap(\.latencyMs).sorted()
        let covered = Set(inside.map { minute(of: $0.at) }).count
        return WindowFigures(
            uptimeRatio: inside.isEmpty ? nil : Double(inside.filter(\.ok).count) / Double(inside.count),
            coverage: Double(covered) / Double(span.minuteCount),
            probes: inside.count,
            p50Ms: percentile(latencies, 0.50), p95Ms: percentile(latencies, 0.95), p99Ms: percentile(latencies, 0.99))
    }

    /// The bucket bound of the nearest-rank sample: the ⌈q·n⌉-th smallest latency, reported as
    /// the smallest bound at or above it (10 000 ms for anything above 10 s).
    static func percentile(_ sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = min(sorted.count, max(1, Int((q * Double(sorted.count)).rounded(.up))))
        let value = sorted[rank - 1]
        return LatencyHistogram.upperBoundsMs.first { value <= $0 && $0.isFinite } ?? 10_000
    }

    /// The minute of a Unix-ms instant, by floating-point floor: a second way to the same slot
    /// `HistoryTime` computes with integers.
    static func minute(of milliseconds: Int64) -> Int64 {
        Int64((Double(milliseconds) / 60_000).rounded(.down))
    }
}
