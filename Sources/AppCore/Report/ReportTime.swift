import Glibc

/// Times and durations as the BCP report writes them: local time with its offset from UTC
/// (`2026-11-29 10:05:03 +09:00`; JSON's `2026-11-29T10:05:03+09:00`), durations in minutes
/// and seconds. The offset of each instant is given by the caller (the machine's zone, or a
/// fixed one in tests), so the report reads no clock and no zone itself.
public struct ReportTime: Sendable {
    /// Seconds east of UTC at an instant (Unix ms).
    public let offset: @Sendable (Int64) -> Int

    public init(offset: @escaping @Sendable (Int64) -> Int) {
        self.offset = offset
    }

    /// A fixed offset (tests, and a zone without daylight saving time such as Asia/Tokyo).
    public static func fixed(utcOffsetSeconds: Int) -> ReportTime {
        ReportTime { _ in utcOffsetSeconds }
    }

    /// `2026-11-29 10:05:03 +09:00`.
    public func text(_ ms: Int64) -> String {
        let (date, time, zone) = parts(ms)
        return date + " " + time + " " + zone
    }

    /// `2026-11-29T10:05:03+09:00`.
    public func iso(_ ms: Int64) -> String {
        let (date, time, zone) = parts(ms)
        return date + "T" + time + zone
    }

    /// `2026-11-29`.
    public func date(_ ms: Int64) -> String { parts(ms).date }

    private func parts(_ ms: Int64) -> (date: String, time: String, zone: String) {
        let shift = offset(ms)
        var seconds = time_t(HistoryTime.floorDivide(ms, 1000) + Int64(shift))
        var fields = tm()
        gmtime_r(&seconds, &fields)
        let date = Self.pad(Int(fields.tm_year) + 1900, 4) + "-" + Self.pad(Int(fields.tm_mon) + 1, 2) + "-"
            + Self.pad(Int(fields.tm_mday), 2)
        let time = Self.pad(Int(fields.tm_hour), 2) + ":" + Self.pad(Int(fields.tm_min), 2) + ":" + Self.pad(Int(fields.tm_sec), 2)
        let sign = shift < 0 ? "-" : "+"
        let zone = sign + Self.pad(abs(shift) / 3600, 2) + ":" + Self.pad(abs(shift) % 3600 / 60, 2)
        return (date, time, zone)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
