import AppCore
import PropertyBased
import Testing

@Suite("Latency histogram")
struct LatencyHistogramTests {
    /// The buckets are Prometheus' default ones, 0.005 s … 10 s and +Inf, and the OpenMetrics
    /// labels say the same bounds in seconds.
    @Test func bucketsMatchPrometheus() {
        #expect(LatencyHistogram.openMetricsLabels
            == ["0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"])
        for (label, bound) in zip(LatencyHistogram.openMetricsLabels, LatencyHistogram.upperBoundsMs) {
            let seconds = label == "+Inf" ? Double.infinity : Double(label) ?? -1
            #expect(seconds * 1000 == bound, "\(label)")
        }
        #expect(LatencyHistogram.upperBoundsMs.count == LatencyHistogram.bucketCount)
    }

    /// `le` semantics: a bound belongs to its own bucket, one tenth above it to the next.
    @Test func boundsBelongToTheirBucket() {
        for (index, bound) in LatencyHistogram.upperBoundsMs.dropLast().enumerated() {
            var histogram = LatencyHistogram()
            histogram.add(latencyMs: bound)
            histogram.add(latencyMs: bound + 0.1)
            #expect(histogram.counts[index] == 1 && histogram.counts[index + 1] == 1, "\(bound)")
        }
    }

    /// Random latencies: every percentile is the bound of the bucket holding the nearest-rank
    /// sample of the sorted list (10 000 ms for one above 10 s); the cumulative counts end at
    /// the count; merging two histograms is adding their samples.
    @Test func percentilesFollowNearestRank() async {
        let latencies = Gen.int(in: 0...150_000).map { Double($0) / 10 }.array(of: 0...200)
        let q = Gen.int(in: 1...1000).map { Double($0) / 1000 }
        await propertyCheck(count: 200, input: zip(latencies, latencies, q)) { first, second, q in
            var histogram = LatencyHistogram()
            first.forEach { histogram.add(latencyMs: $0) }
            var other = LatencyHistogram()
            second.forEach { other.add(latencyMs: $0) }
            let sorted = first.sorted()
            for quantile in [0.5, 0.95, 0.99, q] {
                #expect(histogram.percentile(quantile) == ReferenceFigures.percentile(sorted, quantile), "q \(quantile)")
            }
            #expect(histogram.cumulativeCounts.last == first.count)
            #expect(zip(histogram.cumulativeCounts, histogram.cumulativeCounts.dropFirst()).allSatisfy { $0 <= $1 })
            var merged = histogram
            merged.merge(other)
            var together = LatencyHistogram()
            (first + second).forEach { together.add(latencyMs: $0) }
            #expect(merged == together)
            #expect(histogram.sumTenthsMs == first.map { Int64(($0 * 10).rounded()) }.reduce(0, +))
        }
    }

    @Test func emptyHistogramHasNoPercentile() {
        #expect(LatencyHistogram().percentile(0.5) == nil)
        #expect(LatencyHistogram().cumulativeCounts == Array(repeating: 0, count: 12))
    }

    /// Odd inputs: negative and NaN count as 0 ms, infinity lands in +Inf and is clamped in the
    /// sum, so no sum can overflow.
    @Test func oddLatencies() {
        var histogram = LatencyHistogram()
        histogram.add(latencyMs: -3)
        histogram.add(latencyMs: .nan)
        histogram.add(latencyMs: .infinity)
        #expect(histogram.counts[0] == 2 && histogram.counts[11] == 1)
        #expect(histogram.percentile(1) == 10_000)
        #expect(histogram.sumTenthsMs == 1_000_000_000_000)
    }
}
