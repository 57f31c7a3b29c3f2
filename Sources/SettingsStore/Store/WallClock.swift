#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock time for the events' stamps, straight from the C library (no Foundation on the
/// app's start path).
public enum WallClock {
    /// Seconds since 1970.
    public static let now: @Sendable () -> Double = {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
