/// The time slots history is kept in: minutes and hours since 1970-01-01 UTC, from Unix
/// milliseconds. Division rounds down (towards the past) for times before 1970 too, so every
/// instant belongs to exactly one minute and one hour.
public enum HistoryTime {
    public static let millisecondsPerMinute: Int64 = 60_000
    public static let millisecondsPerHour: Int64 = 3_600_000
    public static let minutesPerHour: Int64 = 60

    /// The minute holding the instant `milliseconds`.
    public static func minute(ofMilliseconds milliseconds: Int64) -> Int64 {
        floorDivide(milliseconds, millisecondsPerMinute)
    }

    /// The hour holding the instant `milliseconds`.
    public static func hour(ofMilliseconds milliseconds: Int64) -> Int64 {
        floorDivide(milliseconds, millisecondsPerHour)
    }

    /// The hour holding `minute`.
    public static func hour(ofMinute minute: Int64) -> Int64 {
        floorDivide(minute, minutesPerHour)
    }

    /// Division that rounds towards minus infinity (Swift's `/` rounds towards zero).
    public static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
