/// Health-check durations counted in fixed buckets, so that the figures of any window come
/// from summed buckets (SPEC §15.2) and OpenMetrics can publish the same histogram
/// (`verbumcare_health_duration_seconds`).
///
/// Latencies are kept in integer tenths of a millisecond: a sample is rounded to 0.1 ms once,
/// when it is added, and both its bucket and the sum are taken from that rounded value, so a
/// histogram rebuilt from stored raw rows (also tenths) is identical. A bucket holds the samples
/// `≤` its upper bound and `>` the previous one (Prometheus' `le`).
public struct LatencyHistogram: Sendable, Equatable {
    /// Upper bounds in milliseconds. They are Prometheus' default buckets
    /// (0.005 … 10 s, +Inf), which node_exporter users already know.
    public static let upperBoundsMs: [Double] = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, .infinity]
    /// The same bounds as OpenMetrics `le` label values, in seconds, written out so that no
    /// float formatting can change them.
    public static let openMetricsLabels: [String] =
        ["0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"]
    public static let bucketCount = 12
    /// The finite bounds in tenths of a millisecond.
    static let finiteBoundsTenths: [Int64] = [50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000]
    /// Latencies above this (about 3 years) are clamped so that sums cannot overflow.
    static let largestTenths: Int64 = 1_000_000_000_000

    /// Samples per bucket, `bucketCount` entries.
    public private(set) var counts: [Int]
    /// The sum of all samples in tenths of a millisecond (exact, unlike a sum of Doubles).
    public private(set) var sumTenthsMs: Int64

    public init() {
        counts = Array(repeating: 0, count: Self.bucketCount)
        sumTenthsMs = 0
    }

    /// A histogram from stored counts; nil unless there are exactly `bucketCount` non-negative
    /// counts and a non-negative sum.
    public init?(counts: [Int], sumTenthsMs: Int64) {
        guard counts.count == Self.bucketCount, counts.allSatisfy({ $0 >= 0 }), sumTenthsMs >= 0 else { return nil }
        self.counts = counts
        self.sumTenthsMs = sumTenthsMs
    }

    /// How many samples the histogram holds.
    public var count: Int { counts.reduce(0, +) }
    public var isEmpty: Bool { counts.allSatisfy { $0 == 0 } }
    /// The sum of the samples in milliseconds (OpenMetrics `_sum`, after dividing by 1000).
    public var sumMs: Double { Double(sumTenthsMs) / 10 }

    /// A latency in whole tenths of a millisecond: rounded to nearest, negative and NaN as 0,
    /// very large and infinite values clamped.
    public static func tenths(ofMilliseconds milliseconds: Double) -> Int64 {
        guard milliseconds > 0 else { return 0 }  // also NaN
        let scaled = (milliseconds * 10).rounded()
        return scaled >= Double(largestTenths) ? largestTenths : Int64(scaled)
    }

    /// The bucket a latency of `tenths` tenths of a millisecond falls in.
    public static func bucketIndex(tenths: Int64) -> Int {
        finiteBoundsTenths.firstIndex { tenths <= $0 } ?? bucketCount - 1
    }

    public mutating func add(latencyMs: Double) {
        add(tenths: Self.tenths(ofMilliseconds: latencyMs))
    }

    public mutating func add(tenths: Int64) {
        let clamped = min(max(tenths, 0), Self.largestTenths)
        counts[Self.bucketIndex(tenths: clamped)] += 1
        sumTenthsMs += clamped
    }

    /// Adds `count` samples to one bucket and `sumTenths` to the sum, for decoding stored rows
    /// without building a second histogram.
    package mutating func add(count: Int, toBucket bucket: Int) {
        counts[bucket] += count
    }

    package mutating func add(sumTenths: Int64) {
        sumTenthsMs += sumTenths
    }

    public mutating func merge(_ other: LatencyHistogram) {
        for index in 0..<Self.bucketCount { counts[index] += other.counts[index] }
        sumTenthsMs += other.sumTenthsMs
    }

    /// The `q` quantile (0 < q ≤ 1) by nearest rank: the upper bound, in milliseconds, of the
    /// bucket that holds the ⌈q·n⌉-th smallest sample (at least the first). A sample in the
    /// +Inf bucket reports the largest finite bound (10 000 ms, "10 s or more"), as Prometheus'
    /// `histogram_quantile` does, so a percentile is always a number of milliseconds. nil when
    /// the histogram is empty.
    public func percentile(_ q: Double) -> Double? {
        let total = count
        guard total > 0 else { return nil }
        let rank = Self.nearestRank(q, of: total)
        var seen = 0
        for (index, bucketCount) in counts.enumerated() {
            seen += bucketCount
            if seen >= rank { return Self.reportedBound(ofBucket: index) }
        }
        return Self.reportedBound(ofBucket: Self.bucketCount - 1)  // not reached: seen ends at total
    }

    /// ⌈q·n⌉ limited to 1…n: the rank of the sample a nearest-rank percentile reports.
    public static func nearestRank(_ q: Double, of count: Int) -> Int {
        let wanted = (q * Double(count)).rounded(.up)
        guard wanted.isFinite, wanted >= 1 else { return 1 }
        return wanted >= Double(count) ? count : Int(wanted)
    }

    /// What a percentile falling in `bucket` reports: its upper bound, or for +Inf the largest
    /// finite bound.
    public static func reportedBound(ofBucket bucket: Int) -> Double {
        bucket < bucketCount - 1 ? upperBoundsMs[bucket] : upperBoundsMs[bucketCount - 2]
    }

    /// Samples `≤` each upper bound, in bound order (OpenMetrics `_bucket{le=…}`); the last
    /// entry (+Inf) is `count`.
    public var cumulativeCounts: [Int] {
        var running = 0
        return counts.map { running += $0; return running }
    }
}
