/// What history keeps of one server's results in one minute or one hour, and what a window's
/// figures are summed from. Minute and hour aggregates add up: an hour is the sum of its
/// minutes, a window the sum of its hours and minutes.
///
/// Time is counted as a stopwatch counts it (`Stopwatch`): `coveredMs` is the part of the
/// slot some result stood for, `upMs` the part of that in which the result was a success.
/// `probes` and the histogram count results in the slot where they began (a replaced result
/// counts once, as its re-test).
public struct HistoryAggregate: Sendable, Equatable {
    public var probes: Int
    public var failures: Int
    /// Milliseconds of the slot in which the server's standing result was a success.
    public var upMs: Int64
    /// Milliseconds of the slot some result of the server stood for (at most the slot).
    public var coveredMs: Int64
    /// Latencies of the results that got an answer (`ProbeSample.latencyMs` not nil).
    public var histogram: LatencyHistogram

    public init(probes: Int = 0, failures: Int = 0, upMs: Int64 = 0, coveredMs: Int64 = 0,
                histogram: LatencyHistogram = LatencyHistogram()) {
        self.probes = probes
        self.failures = failures
        self.upMs = upMs
        self.coveredMs = coveredMs
        self.histogram = histogram
    }

    /// Counts one result (its time is added separately, stretch by stretch).
    public mutating func add(_ result: Stopwatch.Standing) {
        probes += 1
        if !result.ok { failures += 1 }
        if let latency = result.latencyTenths { histogram.add(tenths: latency) }
    }

    /// Adds `milliseconds` of time a result stood for, up or down.
    public mutating func addTime(_ milliseconds: Int64, up: Bool) {
        coveredMs += milliseconds
        if up { upMs += milliseconds }
    }

    public mutating func merge(_ other: HistoryAggregate) {
        probes += other.probes
        failures += other.failures
        upMs += other.upMs
        coveredMs += other.coveredMs
        histogram.merge(other.histogram)
    }

    /// Whether the slot holds anything (a result began in it, or one stood for part of it).
    public var isEmpty: Bool { probes == 0 && coveredMs == 0 }
}
