import AppCore

/// Window figures computed the naive way, straight from the story's own timeline, as a
/// stopwatch would: no aggregates, no tiers, no histogram, no `Stopwatch` code. What the
/// stored tiers must reproduce exactly (to the millisecond; the ratios are the same divisions).
///
/// The rule (SPEC §15.2): each result of a server stands for the time until that server's next
/// result, at most its bound; a confirming re-test takes the place of the result it confirms
/// (from that result's time, with the re-test's outcome, latency and bound). The last result
/// stands until `now`, at most its bound. Results in the window's last minute count whole
/// (also after `now`); coverage divides by the window's time up to `now`.
enum ReferenceFigures {
    struct Result {
        var start: Int64
        var ok: Bool
        var latencyMs: Double?
        var until: Int64
    }

    /// The server's results once every confirming re-test has replaced the result it confirms.
    static func timeline(_ samples: [ProbeSample], serverId: String) -> [Result] {
        var results: [Result] = []
        for sample in samples where sample.serverId == serverId {
            let until = sample.at + min(sample.boundMs, 86_400_000)
            if sample.confirming, let last = results.indices.last {
                results[last] = Result(start: results[last].start, ok: sample.ok, latencyMs: sample.latencyMs, until: until)
            } else {
                results.append(Result(start: sample.at, ok: sample.ok, latencyMs: sample.latencyMs, until: until))
            }
        }
        return results
    }

    static func figures(_ samples: [ProbeSample], serverId: String, window: HistoryWindow, now: Int64) -> WindowFigures {
        let span = WindowSpan(window: window, now: now)
        let spanStart = span.firstMinute * 60_000
        let spanEnd = (span.lastMinute + 1) * 60_000
        let results = timeline(samples, serverId: serverId)
        var up: Int64 = 0
        var covered: Int64 = 0
        for (index, result) in results.enumerated() {
            let next = index + 1 < results.count ? results[index + 1].start : now
            let end = max(result.start, min(next, result.until))
            let inside = max(0, min(end, spanEnd) - max(result.start, spanStart))
            covered += inside
            if result.ok { up += inside }
        }
        let inside = results.filter { span.contains(minute: minute(of: $0.start)) }
        let latencies = inside.compactMap(\.latencyMs).sorted()
        let elapsed = now - spanStart
        return WindowFigures(
            uptimeRatio: covered > 0 ? Double(up) / Double(covered) : nil,
            coverage: elapsed > 0 ? min(1, Double(covered) / Double(elapsed)) : 0,
            probes: inside.count,
            p50Ms: percentile(latencies, 0.50), p95Ms: percentile(latencies, 0.95), p99Ms: percentile(latencies, 0.99),
            upMs: up, coveredMs: covered)
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
