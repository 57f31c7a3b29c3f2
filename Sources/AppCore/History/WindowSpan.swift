/// Exactly which time a window covers at `now`, and which stored rows make it up.
///
/// - 24h, 7d and 30d are whole minutes: the minute holding `now` and the `seconds / 60 - 1`
///   minutes before it. The current minute counts whole, including its probes after `now`.
/// - 400d is whole hours: the hour holding `now` and the 9 599 hours before it (minute rows
///   are not kept that long).
///
/// Coverage divides by the span's time up to `now` (`elapsedMs`), so a box that probed all
/// along shows 100 % at any moment.
///
/// The span is read from two tiers: hour rows for the hours wholly inside it, minute rows for
/// the minutes before the first and after the last whole hour. Both give the same figures
/// (an hour row is the sum of its minute rows); the hours make a 30-day window 720 rows
/// instead of 43 200.
public struct WindowSpan: Sendable, Equatable {
    public let window: HistoryWindow
    /// First and last minute of the span (inclusive), minutes since 1970 UTC.
    public let firstMinute: Int64
    public let lastMinute: Int64

    public init(window: HistoryWindow, now: Int64) {
        self.window = window
        if window.countsWholeHours {
            let hours = window.seconds / 3600
            let lastHour = HistoryTime.hour(ofMilliseconds: now)
            firstMinute = (lastHour - hours + 1) * HistoryTime.minutesPerHour
            lastMinute = lastHour * HistoryTime.minutesPerHour + HistoryTime.minutesPerHour - 1
        } else {
            lastMinute = HistoryTime.minute(ofMilliseconds: now)
            firstMinute = lastMinute - window.seconds / 60 + 1
        }
    }

    /// A report's period (`from...to`, Unix ms), widened to whole hours so that it is read
    /// from hour rows, which are kept 400 days (minute rows only 90), like the 400-day window.
    public init(periodFrom from: Int64, to: Int64) {
        window = .long
        firstMinute = HistoryTime.hour(ofMilliseconds: from) * HistoryTime.minutesPerHour
        lastMinute = HistoryTime.hour(ofMilliseconds: max(from, to)) * HistoryTime.minutesPerHour + HistoryTime.minutesPerHour - 1
    }

    /// The number of minutes in the span.
    public var minuteCount: Int64 { lastMinute - firstMinute + 1 }

    /// Where the span begins and ends (exclusive), Unix ms.
    public var startMs: Int64 { firstMinute * HistoryTime.millisecondsPerMinute }
    public var endMs: Int64 { (lastMinute + 1) * HistoryTime.millisecondsPerMinute }

    /// Coverage's denominator: the span's time from its start to `now` (the part of the
    /// current minute or hour still to come is not missing yet).
    public func elapsedMs(now: Int64) -> Int64 {
        min(endMs, max(startMs, now)) - startMs
    }

    public func contains(minute: Int64) -> Bool { minute >= firstMinute && minute <= lastMinute }

    /// The hours wholly inside the span (read from hour rows); nil when there is none.
    public var wholeHours: ClosedRange<Int64>? {
        let first = HistoryTime.floorDivide(firstMinute + HistoryTime.minutesPerHour - 1, HistoryTime.minutesPerHour)
        let last = HistoryTime.floorDivide(lastMinute + 1, HistoryTime.minutesPerHour) - 1
        return first <= last ? first...last : nil
    }

    /// The minutes of the span outside `wholeHours` (read from minute rows): none for the
    /// 400-day window, at most two ranges of at most 59 minutes otherwise.
    public var edgeMinutes: [ClosedRange<Int64>] {
        guard let hours = wholeHours else { return [firstMinute...lastMinute] }
        var edges: [ClosedRange<Int64>] = []
        let hoursStart = hours.lowerBound * HistoryTime.minutesPerHour
        let hoursEnd = hours.upperBound * HistoryTime.minutesPerHour + HistoryTime.minutesPerHour - 1
        if firstMinute < hoursStart { edges.append(firstMinute...(hoursStart - 1)) }
        if lastMinute > hoursEnd { edges.append((hoursEnd + 1)...lastMinute) }
        return edges
    }
}
