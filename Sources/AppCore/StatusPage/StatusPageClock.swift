import Glibc

/// Wall-clock text for the status page: local times at a fixed offset from UTC (the runtime
/// gives the machine's offset; the page says it, so a reader elsewhere can tell).
public struct StatusPageClock: Equatable, Sendable {
    public var utcOffsetSeconds: Int

    public init(utcOffsetSeconds: Int) {
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// `2026-11-29 10:23:45`.
    public func dateTime(_ seconds: Double) -> String {
        let p = parts(seconds)
        return "\(p.year)-" + Self.two(p.month) + "-" + Self.two(p.day) + " " + time(seconds)
    }

    /// `10:23:45`.
    public func time(_ seconds: Double) -> String {
        let p = parts(seconds)
        return Self.two(p.hour) + ":" + Self.two(p.minute) + ":" + Self.two(p.second)
    }

    /// `11-29 10:23`, for incidents of the last day.
    public func short(_ seconds: Double) -> String {
        let p = parts(seconds)
        return Self.two(p.month) + "-" + Self.two(p.day) + " " + Self.two(p.hour) + ":" + Self.two(p.minute)
    }

    /// `UTC+09:00`.
    public var offsetText: String {
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        let minutes = abs(utcOffsetSeconds) / 60
        return "UTC" + sign + Self.two(minutes / 60) + ":" + Self.two(minutes % 60)
    }

    private func parts(_ seconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return (1970, 1, 1, 0, 0, 0) }
        var time = time_t(seconds.rounded(.down)) + time_t(utcOffsetSeconds)
        var fields = tm()
        gmtime_r(&time, &fields)
        return (Int(fields.tm_year) + 1900, Int(fields.tm_mon) + 1, Int(fields.tm_mday),
                Int(fields.tm_hour), Int(fields.tm_min), Int(fields.tm_sec))
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
