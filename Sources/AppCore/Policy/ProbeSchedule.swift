/// The status machine of a watched server as a pure value: it takes probe outcomes and says
/// what the status is and when to probe next. The reducer keeps one in the state for the
/// current server and one for the configured server during a fallback, so every rule here is
/// tested without a clock or a network.
public struct ProbeSchedule: Equatable, Sendable {
    public enum Event: Equatable, Sendable {
        /// A probe starts (on schedule, or `r`).
        case probeStarted
        case probeSucceeded
        /// `confirmed`: the failure needs no re-test to be believed (a probe that ran into its
        /// timeout already waited the whole allowance; re-testing would only double the wait).
        case probeFailed(confirmed: Bool)
    }

    public static let backoffStart = 2.0
    /// While the app runs, a failing server is re-tested at least every 10 s, so a server
    /// that comes back is seen within 10 s.
    public static let backoffCap = 10.0

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

    /// Applies an event; returns the seconds until the next probe, or nil while one runs.
    @discardableResult
    public mutating func apply(_ event: Event) -> Double? {
        switch event {
        case .probeStarted:
            // `testing` is only ever shown before the server's first result: a re-test (periodic
            // or asked for) keeps the last word, connected or error with its reason, until the
            // answer comes ("no answer for N s" tells that it is waiting).
            if status == .disconnected { status = .testing }
            return nil
        case .probeSucceeded:
            status = .connected
            wasConnected = true
            failures = 0
            errorStreak = 0
            return interval
        case .probeFailed(let confirmed):
            failures += 1
            // One failed probe of a connected server is re-tested at once before the status
            // turns to error: no flapping on a single lost packet.
            if wasConnected && failures == 1 && !confirmed {
                return 0
            }
            wasConnected = false
            status = .error
            errorStreak += 1
            return Self.backoffDelay(errorStreak: errorStreak)
        }
    }

    /// Whether the last failure is still waiting for its confirming re-test (the screen keeps
    /// the last confirmed details until then).
    public var isConfirmingFailure: Bool {
        wasConnected && failures == 1
    }

    /// 2 s, 4 s, 8 s, then 10 s, for the 1st, 2nd, 3rd, … failure in a row.
    public static func backoffDelay(errorStreak: Int) -> Double {
        let exponent = max(0, min(errorStreak - 1, 30))
        return min(backoffStart * Double(1 << exponent), backoffCap)
    }
}
