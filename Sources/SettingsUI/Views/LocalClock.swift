import AppCore
import Glibc

/// Wall-clock times as the person reads them: the machine's local time, or a fixed offset from
/// UTC (golden frames, which must not depend on the machine they are drawn on).
public enum LocalClock: Hashable, Sendable {
    case system
    case fixed(utcOffsetSeconds: Int)

    /// `HH:MM:SS` for seconds since 1970.
    public func time(_ seconds: Double) -> String {
        let parts = fields(seconds)
        return Self.two(parts.hour) + ":" + Self.two(parts.minute) + ":" + Self.two(parts.second)
    }

    /// `MM-DD HH:MM`, for events that may be days old.
    public func dateAndTime(_ seconds: Double) -> String {
        let parts = fields(seconds)
        return Self.two(parts.month) + "-" + Self.two(parts.day) + " " + Self.two(parts.hour) + ":" + Self.two(parts.minute)
    }

    private func fields(_ seconds: Double) -> (month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return (0, 0, 0, 0, 0) }
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        switch self {
        case .system:
            localtime_r(&time, &parts)
        case .fixed(let offset):
            time += time_t(offset)
            gmtime_r(&time, &parts)
        }
        return (Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
