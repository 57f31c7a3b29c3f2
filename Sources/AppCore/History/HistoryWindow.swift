/// The windows history figures are given for (SPEC §15.2). The raw value is the label used on
/// the command line (`--window 24h`), in JSON keys and in OpenMetrics' `window` label.
public enum HistoryWindow: String, CaseIterable, Sendable, Hashable {
    case day = "24h"
    case week = "7d"
    case month = "30d"
    case long = "400d"

    /// The window's length in seconds.
    public var seconds: Int64 {
        switch self {
        case .day: 86_400
        case .week: 7 * 86_400
        case .month: 30 * 86_400
        case .long: 400 * 86_400
        }
    }

    /// Whether the window is counted in whole hours rather than whole minutes. Minute rows are
    /// kept 90 days only, so the 400-day window is made of hour rows (see `WindowSpan`).
    public var countsWholeHours: Bool { self == .long }
}
