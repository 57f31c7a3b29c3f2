import AppCore
import History
import PropertyBased
import Testing

/// The stored tiers give exactly the figures a stopwatch gives from the story's own timeline
/// (`ReferenceFigures`): time up, time covered, coverage, probes and percentiles.
@Suite("History tiers")
struct TierFiguresPropertyTests {
    /// Random scripts of probes (gaps from nothing to 100 days, several servers, results at
    /// irregular times, outages, confirming re-tests, gaps longer than the bound, latencies on
    /// and beside every bucket bound, failures with and without an answer), recorded through
    /// the real SQLite database one `record` per burst: up and covered milliseconds, uptime,
    /// coverage, probe counts and p50/p95/p99 of every window, for every server, at a time
    /// after the last probe and at times that put a probe in each window's first hour, equal
    /// the stopwatch's.
    @Test func figuresFromTiersEqualFiguresFromSamples() async throws {
        await propertyCheck(count: 100, input: ProbeScriptGen.script) { script in
            let fixture = try HistoryFixture()
            let database = try fixture.open()
            for batch in script.batches { try database.record(batch) }
            let samples = script.samples
            for now in script.nows {
                for serverId in ProbeScript.askedServers {
                    for window in HistoryWindow.allCases {
                        let stored = try database.figures(serverId: serverId, window: window, now: now)
                        let expected = ReferenceFigures.figures(samples, serverId: serverId, window: window, now: now)
                        #expect(stored == expected, "\(serverId) \(window.rawValue) at \(now)")
                    }
                    let all = try database.figures(serverId: serverId, now: now)
                    for window in HistoryWindow.allCases {
                        #expect(all[window] == ReferenceFigures.figures(samples, serverId: serverId, window: window, now: now))
                    }
                }
            }
        }
    }

    /// The histogram a window publishes holds every answered result of the window (a replaced
    /// one no longer counts), by bucket, and the exact sum.
    @Test func windowHistogramCountsEveryAnsweredProbe() async throws {
        await propertyCheck(count: 100, input: ProbeScriptGen.script) { script in
            let fixture = try HistoryFixture()
            let database = try fixture.open()
            for batch in script.batches { try database.record(batch) }
            for now in script.nows {
                for serverId in ProbeScript.servers {
                    for window in HistoryWindow.allCases {
                        try Self.checkHistogram(database, script, serverId: serverId, window: window, now: now)
                    }
                }
            }
        }
    }

    private static func checkHistogram(_ database: HistoryDatabase, _ script: ProbeScript, serverId: String,
                                       window: HistoryWindow, now: Int64) throws {
        let span = WindowSpan(window: window, now: now)
        let latencies = ReferenceFigures.timeline(script.samples, serverId: serverId)
            .filter { span.contains(minute: ReferenceFigures.minute(of: $0.start)) }
            .compactMap(\.latencyMs)
        var expected = [Int](repeating: 0, count: LatencyHistogram.bucketCount)
        for latency in latencies {
            let bucket = LatencyHistogram.upperBoundsMs.firstIndex { latency <= $0 } ?? LatencyHistogram.bucketCount - 1
            expected[bucket] += 1
        }
        let stored = try database.histogram(serverId: serverId, window: window, now: now)
        #expect(stored.counts == expected, "\(serverId) \(window.rawValue) at \(now)")
        #expect(stored.sumTenthsMs == latencies.map { Int64(($0 * 10).rounded()) }.reduce(0, +))
    }
}
