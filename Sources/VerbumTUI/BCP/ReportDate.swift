import AppCore
import Glibc

/// Dates on the command line of `report` and `incidents` (`2026-11-29`, `2026-11-29T10:00`,
/// `2026-11-29 10:00:30`), read in the machine's local time zone as a person means them; a
/// date alone is the start of that day, or its end for `--to`.
enum ReportDate {
    static func parse(_ text: String, endOfDay: Bool = false) -> Int64? {
        let trimmed = text.trimmingWhitespace
        let parts = trimmed.split(whereSeparator: { $0 == "T" || $0 == " " }).map(String.init)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard date.count == 3, let year = date[0], let month = date[1], let day = date[2],
              (1970...9999).contains(year) else { return nil }
        var hour = 0, minute = 0, second = 0
        if parts.count == 2 {
            let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (2...3).contains(time.count), let h = time[0], let m = time[1] else { return nil }
            hour = h
            minute = m
            if time.count == 3 { guard let s = time[2] else { return nil }; second = s }
        }
        // A real date: UTCTimestamp refuses Feb 30 and 25:00.
        guard UTCTimestamp.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second) != nil
        else { return nil }
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        fields.tm_isdst = -1
        let seconds = mktime(&fields)
        guard seconds != -1 else { return nil }
        let ms = Int64(seconds) * 1000
        return endOfDay && parts.count == 1 ? ms + 86_400_000 - 1 : ms
    }

    /// The machine's offset from UTC at each instant (daylight saving time included).
    static let localTime = ReportTime { ms in
        var time = time_t(ms / 1000)
        var fields = tm()
        localtime_r(&time, &fields)
        return Int(fields.tm_gmtoff)
    }
}
