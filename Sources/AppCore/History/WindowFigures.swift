/// The figures of one server over one window (SPEC §15.2), measured in time (`Stopwatch`).
public struct WindowFigures: Sendable, Equatable {
    /// Time up over time covered; nil when no result stood for any of the window.
    public var uptimeRatio: Double?
    /// Time covered by some result over the window's time so far (from its first minute to
    /// the moment the figures were read), 0…1: how much of the window the box was watching.
    public var coverage: Double
    /// Results that began in the window (a confirming re-test and the result it replaced count
    /// once).
    public var probes: Int
    /// Nearest-rank percentiles of the health-check duration, as bucket upper bounds
    /// (`LatencyHistogram.percentile`); nil when no probe got an answer.
    public var p50Ms: Double?
    public var p95Ms: Double?
    public var p99Ms: Double?
    /// The sums the ratios come from, in ms (tests compare them with a stopwatch).
    public var upMs: Int64
    public var coveredMs: Int64

    public init(uptimeRatio: Double?, coverage: Double, probes: Int, p50Ms: Double?, p95Ms: Double?, p99Ms: Double?,
                upMs: Int64 = 0, coveredMs: Int64 = 0) {
        self.uptimeRatio = uptimeRatio
        self.coverage = coverage
        self.probes = probes
        self.p50Ms = p50Ms
        self.p95Ms = p95Ms
        self.p99Ms = p99Ms
        self.upMs = upMs
        self.coveredMs = coveredMs
    }

    /// The figures of `span` read at `now` from the sum of what makes it up (its whole hours,
    /// edge minutes and the server's standing result, see `WindowSpan`).
    public init(span: WindowSpan, total: HistoryAggregate, now: Int64) {
        let covered = max(0, total.coveredMs)
        let up = min(max(0, total.upMs), covered)
        uptimeRatio = covered > 0 ? Double(up) / Double(covered) : nil
        // Clamped: results after `now` in the window's last minute (a clock set back) could
        // otherwise make it more than the time so far.
        let elapsed = span.elapsedMs(now: now)
        coverage = elapsed > 0 ? min(1, Double(covered) / Double(elapsed)) : 0
        probes = total.probes
        p50Ms = total.histogram.percentile(0.50)
        p95Ms = total.histogram.percentile(0.95)
        p99Ms = total.histogram.percentile(0.99)
        upMs = up
        coveredMs = covered
    }
}
