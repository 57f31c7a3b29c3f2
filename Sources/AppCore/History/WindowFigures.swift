/// The figures of one server over one window (SPEC §15.2).
public struct WindowFigures: Sendable, Equatable {
    /// Successful probes over probes; nil when there was no probe.
    public var uptimeRatio: Double?
    /// Minutes of the window with at least one probe over the window's minutes, 0…1: how much
    /// of the window the box was watching at all.
    public var coverage: Double
    public var probes: Int
    /// Nearest-rank percentiles of the health-check duration, as bucket upper bounds
    /// (`LatencyHistogram.percentile`); nil when no probe got an answer.
    public var p50Ms: Double?
    public var p95Ms: Double?
    public var p99Ms: Double?

    public init(uptimeRatio: Double?, coverage: Double, probes: Int, p50Ms: Double?, p95Ms: Double?, p99Ms: Double?) {
        self.uptimeRatio = uptimeRatio
        self.coverage = coverage
        self.probes = probes
        self.p50Ms = p50Ms
        self.p95Ms = p95Ms
        self.p99Ms = p99Ms
    }

    /// The figures of `span` from the sum of the aggregates that make it up (its whole hours and
    /// edge minutes, see `WindowSpan`).
    public init(span: WindowSpan, total: HistoryAggregate) {
        uptimeRatio = total.probes > 0 ? Double(total.probes - total.failures) / Double(total.probes) : nil
        // Clamped because hour rows written by an older build could overstate; a ratio above 1
        // would be nonsense on screen.
        coverage = min(1, Double(total.coveredMinutes) / Double(span.minuteCount))
        probes = total.probes
        p50Ms = total.histogram.percentile(0.50)
        p95Ms = total.histogram.percentile(0.95)
        p99Ms = total.histogram.percentile(0.99)
    }
}
