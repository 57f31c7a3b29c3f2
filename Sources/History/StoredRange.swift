import AppCore

/// The ranges every integer history stores lies in. A value read outside them was not written
/// by us (another program, a damaged disk, a hand edit with `sqlite3`) and is treated as damage
/// (SPEC §15.2): readers check each integer against these before any arithmetic, and with
/// every value bounded, sums of all the rows a window reads cannot overflow.
enum StoredRange {
    /// Unix milliseconds from 1970 to the end of year 9999: the calendar `UTCTimestamp` and the
    /// screen can show. (A clock set before 1970 does not happen on a box that probes over TLS.)
    static let milliseconds: ClosedRange<Int64> = 0...253_402_300_799_999
    static let minutes: ClosedRange<Int64> = 0...HistoryTime.minute(ofMilliseconds: milliseconds.upperBound)
    static let hours: ClosedRange<Int64> = 0...HistoryTime.hour(ofMilliseconds: milliseconds.upperBound)
    /// Time up and time covered in one hour row, milliseconds.
    static let hourMilliseconds: ClosedRange<Int64> = 0...3_600_000
    /// Probes, failures and covered minutes of one row (an hour of 1 s probes is 3 600).
    static let count: ClosedRange<Int64> = 0...Int64(Int32.max)
    /// A latency sum of one row in tenths of a millisecond: about 1.8 years of waiting, far above
    /// any real row, and low enough that the 9 600 hour rows of a 400-day window (2^14) sum
    /// without overflow.
    static let latencySumTenths: UInt64 = 1 << 49
}
