import Glibc

/// UTC wall-clock text without Foundation (keeps start-up light), for log lines and
/// the names of files moved aside.
enum UTCTimestamp {
    struct Parts {
        var year, month, day, hour, minute, second, millisecond: Int
    }

    static func now() -> Parts {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var seconds = time_t(ts.tv_sec)
        var tm = tm()
        gmtime_r(&seconds, &tm)
        return Parts(year: Int(tm.tm_year) + 1900, month: Int(tm.tm_mon) + 1, day: Int(tm.tm_mday),
                     hour: Int(tm.tm_hour), minute: Int(tm.tm_min), second: Int(tm.tm_sec),
                     millisecond: Int(ts.tv_nsec) / 1_000_000)
    }

    /// `20261121T195501Z`: sorts by time and is safe in a file name.
    static func compact(_ p: Parts = now()) -> String {
        pad(p.year, 4) + pad(p.month, 2) + pad(p.day, 2) + "T" + pad(p.hour, 2) + pad(p.minute, 2) + pad(p.second, 2) + "Z"
    }

    /// `2026-11-21T19:55:01.123Z` (ISO 8601).
    static func iso8601(_ p: Parts = now()) -> String {
        pad(p.year, 4) + "-" + pad(p.month, 2) + "-" + pad(p.day, 2) + "T" + pad(p.hour, 2) + ":" + pad(p.minute, 2)
            + ":" + pad(p.second, 2) + "." + pad(p.millisecond, 3) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
