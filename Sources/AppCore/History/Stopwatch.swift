/// Figures in time, as a stopwatch measures them (SPEC §15.2): each result of a server stands
/// for the time from it until that server's next result, at most its bound
/// (`ProbeSample.boundMs`); beyond the bound the time is not covered. A confirming re-test
/// replaces the result it confirms: the stretch keeps the confirmed result's start and takes
/// the re-test's outcome, latency and bound, so a failure and its re-test weigh as one result.
///
/// History keeps the last result of each server as `Standing` (its end is not known yet) and
/// adds a stretch to the tiers when the next result closes it. Pure, so the database, the
/// tests' oracle and the docs share one rule.
public enum Stopwatch {
    /// No result stands for more than a day, whatever its bound says (the longest
    /// `probe_interval` plus timeout is far less): a stretch is split into at most 1 440 minutes.
    public static let longestBoundMs: Int64 = 86_400_000

    /// The last result of a server, still standing.
    public struct Standing: Sendable, Equatable {
        /// Where its stretch begins (a replaced result's time), Unix ms.
        public var startMs: Int64
        public var ok: Bool
        /// The health check's latency in tenths of a ms; nil when nothing answered.
        public var latencyTenths: Int64?
        /// The latest instant its stretch may reach (the result's time plus its bound).
        public var limitMs: Int64

        public init(startMs: Int64, ok: Bool, latencyTenths: Int64?, limitMs: Int64) {
            self.startMs = startMs
            self.ok = ok
            self.latencyTenths = latencyTenths
            self.limitMs = limitMs
        }

        public init(_ sample: ProbeSample) {
            self.init(startMs: sample.at, ok: sample.ok,
                      latencyTenths: sample.latencyMs.map(LatencyHistogram.tenths(ofMilliseconds:)),
                      limitMs: Stopwatch.adding(sample.at, min(sample.boundMs, Stopwatch.longestBoundMs)))
        }

        /// The instant its stretch ends when the next result comes at `nextMs` (or, for the
        /// last result, when the figures are read at `nextMs`): never before its start (a clock
        /// set back makes a result stand for nothing), never past its limit.
        public func end(at nextMs: Int64) -> Int64 {
            max(startMs, min(nextMs, limitMs))
        }
    }

    /// A finished stretch: the result it belongs to and where it ended.
    public struct Stretch: Sendable, Equatable {
        public var result: Standing
        public var endMs: Int64
    }

    /// What `sample` does to a server's standing result: the stretch it closes (none for a
    /// confirming re-test, which replaces the standing result, or for a first result) and the
    /// new standing result.
    public static func apply(_ sample: ProbeSample, to standing: Standing?) -> (closed: Stretch?, standing: Standing) {
        guard let standing else { return (nil, Standing(sample)) }
        if sample.confirming {
            var replaced = Standing(sample)
            replaced.startMs = standing.startMs
            return (nil, replaced)
        }
        return (Stretch(result: standing, endMs: standing.end(at: sample.at)), Standing(sample))
    }

    /// The milliseconds of `start..<end` in each minute it touches, in order.
    public static func minutes(from start: Int64, to end: Int64) -> [(minute: Int64, milliseconds: Int64)] {
        guard end > start else { return [] }
        var pieces: [(minute: Int64, milliseconds: Int64)] = []
        var cursor = start
        while cursor < end {
            let minute = HistoryTime.minute(ofMilliseconds: cursor)
            let minuteEnd = (minute + 1) * HistoryTime.millisecondsPerMinute
            let pieceEnd = min(end, minuteEnd)
            pieces.append((minute, pieceEnd - cursor))
            cursor = pieceEnd
        }
        return pieces
    }

    /// `start..<end` clipped to `lower..<upper`: its length in ms, 0 when they do not meet.
    public static func overlap(_ start: Int64, _ end: Int64, _ lower: Int64, _ upper: Int64) -> Int64 {
        max(0, min(end, upper) - max(start, lower))
    }

    /// `a + b` without overflow (a time near the end of the calendar plus a bound).
    static func adding(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(max(0, b))
        return overflow ? Int64.max : sum
    }
}
