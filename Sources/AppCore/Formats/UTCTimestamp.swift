import Glibc

/// UTC wall-clock text and calendar arithmetic without Foundation (whose calendars load ICU),
/// for log lines, the names of files moved aside and certificate dates.
public enum UTCTimestamp {
    package struct Parts {
        package var year, month, day, hour, minute, second, millisecond: Int
    }

    /// The UTC calendar fields of an instant given in Unix milliseconds. The core reads no
    /// clock: callers pass the time (`AppClock`).
    package static func parts(unixMilliseconds: Int64) -> Parts {
        let millisecond = Int(((unixMilliseconds % 1000) + 1000) % 1000)
        var seconds = time_t((unixMilliseconds - Int64(millisecond)) / 1000)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        return Parts(year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
                     hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec),
                     millisecond: millisecond)
    }

    /// Seconds since 1970 of a UTC date and time; nil when it is not a real date (Feb 30).
    public static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Double? {
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        var time = timegm(&fields)
        // timegm normalizes out-of-range fields (Feb 30 → Mar 2): a real date survives the round trip.
        var back = tm()
        gmtime_r(&time, &back)
        guard back.tm_year == Int32(year - 1900), back.tm_mon == Int32(month - 1), back.tm_mday == Int32(day),
              back.tm_hour == Int32(hour), back.tm_min == Int32(minute), back.tm_sec == Int32(second) else { return nil }
        return Double(time)
    }

    /// `2026-11-22T21:00:00Z` (ISO 8601, whole seconds).
    public static func iso8601Seconds(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var fields = tm()
        gmtime_r(&time, &fields)
        return pad(Int(fields.tm_year) + 1900, 4) + "-" + pad(Int(fields.tm_mon) + 1, 2) + "-" + pad(Int(fields.tm_mday), 2)
            + "T" + pad(Int(fields.tm_hour), 2) + ":" + pad(Int(fields.tm_min), 2) + ":" + pad(Int(fields.tm_sec), 2) + "Z"
    }

    /// `20261121T195501Z`: sorts by time and is safe in a file name.
    package static func compact(_ p: Parts) -> String {
        pad(p.year, 4) + pad(p.month, 2) + pad(p.day, 2) + "T" + pad(p.hour, 2) + pad(p.minute, 2) + pad(p.second, 2) + "Z"
    }

    /// `2026-11-21T19:55:01.123Z` (ISO 8601).
    package static func iso8601(_ p: Parts) -> String {
        pad(p.year, 4) + "-" + pad(p.month, 2) + "-" + pad(p.day, 2) + "T" + pad(p.hour, 2) + ":" + pad(p.minute, 2)
            + ":" + pad(p.second, 2) + "." + pad(p.millisecond, 3) + "Z"
    }

    /// The fields of a wall-clock time in seconds since 1970.
    package static func parts(seconds: Double) -> Parts {
        parts(unixMilliseconds: Int64((seconds * 1000).rounded(.down)))
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
