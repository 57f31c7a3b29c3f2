import SettingsStore

/// Time as the connectivity layer sees it: wall-clock stamps for state and history, and
/// sleeps between probes. Tests shorten the sleeps (the store's shortest probe interval is
/// 2 s) without changing any rule.
public struct ConnectivityClock: Sendable {
    /// Seconds since 1970.
    public var now: @Sendable () -> Double
    /// Waits the given seconds; throws when the task is cancelled.
    public var sleep: @Sendable (Double) async throws -> Void

    public init(now: @escaping @Sendable () -> Double = WallClock.now,
                sleep: @escaping @Sendable (Double) async throws -> Void = ConnectivityClock.taskSleep) {
        self.now = now
        self.sleep = sleep
    }

    public static let taskSleep: @Sendable (Double) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }

    public static let system = ConnectivityClock()

    /// Real time, with every sleep divided by `factor` (tests).
    public static func accelerated(by factor: Double) -> ConnectivityClock {
        ConnectivityClock(sleep: { seconds in try await taskSleep(seconds / factor) })
    }
}
