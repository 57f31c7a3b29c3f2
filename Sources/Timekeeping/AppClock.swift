#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program's one clock, injected one way: wall-clock time for what is stamped (events,
/// history, file names), monotonic time for deadlines and intervals (a wall clock set back by
/// NTP or by hand must not stretch a timeout or fire a timer early), and sleeps. Everything
/// that reads or waits for time takes an `AppClock` (tests shorten the sleeps or move time);
/// the static readings are the system's, for the few places that only ever mean "now".
/// Read from the C library: no Foundation on the app's start path.
public struct AppClock: Sendable {
    /// Wall-clock seconds since 1970.
    public var now: @Sendable () -> Double
    /// Seconds since an arbitrary moment, only ever forward.
    public var monotonic: @Sendable () -> Double
    /// Waits the given seconds; throws when the task is cancelled.
    public var sleep: @Sendable (Double) async throws -> Void

    public init(now: @escaping @Sendable () -> Double = AppClock.wallSeconds,
                monotonic: @escaping @Sendable () -> Double = AppClock.monotonicSeconds,
                sleep: @escaping @Sendable (Double) async throws -> Void = AppClock.taskSleep) {
        self.now = now
        self.monotonic = monotonic
        self.sleep = sleep
    }

    public static let system = AppClock()

    /// Real time, with every sleep divided by `factor` (tests).
    public static func accelerated(by factor: Double) -> AppClock {
        AppClock(sleep: { seconds in try await taskSleep(seconds / factor) })
    }

    // MARK: - The system's readings

    public static let wallSeconds: @Sendable () -> Double = {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    public static func monotonicNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    public static func monotonicMilliseconds() -> Int64 { monotonicNanoseconds() / 1_000_000 }

    public static let monotonicSeconds: @Sendable () -> Double = { Double(monotonicNanoseconds()) / 1_000_000_000 }

    public static let taskSleep: @Sendable (Double) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 1e9)) * 1_000_000_000))
    }
}
