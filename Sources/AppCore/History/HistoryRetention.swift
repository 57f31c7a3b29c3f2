/// How long each tier of history is kept (SPEC §15.2), and what may be deleted at a given time.
public enum HistoryRetention {
    public static let rawDays: Int64 = 7
    public static let minuteDays: Int64 = 90
    public static let hourDays: Int64 = 400
    /// Closed incidents and alert-ledger entries are kept as long as hour rows: the longest
    /// window shows them.
    public static let incidentDays: Int64 = 400

    /// Everything strictly before these may be deleted.
    public struct Cutoffs: Sendable, Equatable {
        /// Raw probe rows with `at` before this (Unix ms).
        public var rawBeforeMs: Int64
        /// Minute rows of minutes before this.
        public var minuteBefore: Int64
        /// Hour rows of hours before this.
        public var hourBefore: Int64
        /// Closed incidents that ended before this, and alert-ledger entries made before it (ms).
        public var ledgerBeforeMs: Int64
    }

    /// What may be deleted at `now`. Each tier's cutoff is the earlier of its retention and the
    /// first row any window at `now` reads from that tier (`WindowSpan.wholeHours`,
    /// `edgeMinutes`), so no window loses a row whatever the constants say. Windows only move
    /// forward with `now`, so a row deleted at `now` is not needed later either.
    public static func cutoffs(now: Int64) -> Cutoffs {
        let dayMs: Int64 = 86_400_000
        var minuteBefore = HistoryTime.minute(ofMilliseconds: now) - minuteDays * 1440 + 1
        var hourBefore = HistoryTime.hour(ofMilliseconds: now) - hourDays * 24 + 1
        for window in HistoryWindow.allCases {
            let span = WindowSpan(window: window, now: now)
            if let first = span.edgeMinutes.first?.lowerBound { minuteBefore = min(minuteBefore, first) }
            if let hours = span.wholeHours { hourBefore = min(hourBefore, hours.lowerBound) }
        }
        return Cutoffs(rawBeforeMs: now - rawDays * dayMs, minuteBefore: minuteBefore, hourBefore: hourBefore,
                       ledgerBeforeMs: now - incidentDays * dayMs)
    }
}
