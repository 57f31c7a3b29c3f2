/// What history keeps of one server's probes in one minute or one hour, and what a window's
/// figures are summed from. Minute and hour aggregates add up: an hour is the sum of its
/// minutes, a window the sum of its hours and minutes.
public struct HistoryAggregate: Sendable, Equatable {
    public var probes: Int
    public var failures: Int
    /// Minutes with at least one probe: 1 for a stored minute, 0…60 for an hour. Coverage is
    /// counted in minutes so that it means the same in every tier.
    public var coveredMinutes: Int
    /// Latencies of the probes that got an answer (`ProbeSample.latencyMs` not nil).
    public var histogram: LatencyHistogram

    public init(probes: Int = 0, failures: Int = 0, coveredMinutes: Int = 0, histogram: LatencyHistogram = LatencyHistogram()) {
        self.probes = probes
        self.failures = failures
        self.coveredMinutes = coveredMinutes
        self.histogram = histogram
    }

    /// Counts one probe (coverage is the caller's: it knows whether the minute was new).
    public mutating func add(_ sample: ProbeSample) {
        probes += 1
        if !sample.ok { failures += 1 }
        if let latency = sample.latencyMs { histogram.add(latencyMs: latency) }
    }

    public mutating func merge(_ other: HistoryAggregate) {
        probes += other.probes
        failures += other.failures
        coveredMinutes += other.coveredMinutes
        histogram.merge(other.histogram)
    }
}
