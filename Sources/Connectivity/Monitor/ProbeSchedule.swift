import SettingsStore

/// The status machine of SPEC §6.4 as a pure value: it takes probe outcomes and says what the
/// status is and when to probe next. The monitor that owns the timers only follows it, so
/// every rule here is tested without a clock or a network.
public struct ProbeSchedule: Equatable, Sendable {
    public enum Event: Equatable, Sendable {
        /// A probe starts. `manual` is `r`: the user asked, so the indicator shows `testing`.
        case probeStarted(manual: Bool)
        case probeSucceeded
        case probeFailed
        /// The monitored server changed (a switch): start over.
        case reset
    }

    /// What the monitor should do after an event.
    public enum Next: Equatable, Sendable {
        /// Probe again after this many seconds.
        case probe(after: Double)
        /// A probe is running; wait for its result.
        case awaitResult
    }

    public static let backoffStart = 2.0
    public static let backoffCap = 60.0

    public private(set) var status: ConnectionStatus = .disconnected
    /// Seconds between probes of a healthy server (`probe_interval`).
    public var interval: Double
    /// The last confirmed result was a success.
    private var wasConnected = false
    /// Failures since the last success, the confirming re-test included.
    private var failures = 0
    /// Failed probes while in `error`: drives the backoff.
    public private(set) var errorStreak = 0

    public init(interval: Double) {
        self.interval = interval
    }

    /// Applies an event; returns what to do next.
    public mutating func apply(_ event: Event) -> Next {
        switch event {
        case .reset:
            self = ProbeSchedule(interval: interval)
            return .probe(after: 0)
        case .probeStarted(let manual):
            // A periodic re-test of a connected server keeps showing `connected`: the
            // indicator must not blink every interval.
            if manual || !wasConnected { status = .testing }
            return .awaitResult
        case .probeSucceeded:
            status = .connected
            wasConnected = true
            failures = 0
            errorStreak = 0
            return .probe(after: interval)
        case .probeFailed:
            failures += 1
            // One failed probe of a connected server is re-tested at once before the status
            // turns to error: no flapping on a single lost packet.
            if wasConnected && failures == 1 {
                return .probe(after: 0)
            }
            wasConnected = false
            status = .error
            errorStreak += 1
            return .probe(after: Self.backoffDelay(errorStreak: errorStreak))
        }
    }

    /// 2 s, 4 s, 8 s, … capped at 60 s, for the 1st, 2nd, 3rd, … failure in a row.
    public static func backoffDelay(errorStreak: Int) -> Double {
        let exponent = max(0, min(errorStreak - 1, 30))
        return min(backoffStart * Double(1 << exponent), backoffCap)
    }
}
