#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Time that only moves forward, for deadlines and intervals: a wall clock set back by NTP or
/// by hand must not stretch a timeout or fire a timer early.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary moment (CLOCK_MONOTONIC).
    public static func nanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    public static func milliseconds() -> Int64 { nanoseconds() / 1_000_000 }

    public static let seconds: @Sendable () -> Double = { Double(nanoseconds()) / 1_000_000_000 }
}
