/// How the terminal draws East Asian Ambiguous characters, and how that was found out
/// (SPEC §10.4; `doctor` reports it).
public enum AmbiguousWidthSource: String, Equatable, Sendable {
    /// `VERBUMCARE_AMBIGUOUS_WIDE=0|1`: no probe.
    case environment
    /// The terminal answered the cursor-position report.
    case measured
    /// Not answered yet (or not at all): what this TERM measured last time.
    case remembered
    /// The terminal has not answered (or stdout is no terminal) and nothing is remembered: one cell.
    case notMeasured = "not_measured"
}

public struct AmbiguousWidth: Equatable, Sendable {
    public var isWide: Bool
    public var source: AmbiguousWidthSource

    public init(isWide: Bool, source: AmbiguousWidthSource) {
        self.isWide = isWide
        self.source = source
    }

    /// `VERBUMCARE_AMBIGUOUS_WIDE`: `1` wide, `0` narrow; anything else is no override.
    public static func override(_ environment: [String: String]) -> Bool? {
        switch environment["VERBUMCARE_AMBIGUOUS_WIDE"] {
        case "1": true
        case "0": false
        default: nil
        }
    }

    /// From the column the cursor reached after one ambiguous character written at column 1.
    public static func fromColumn(_ column: Int) -> Bool? {
        switch column {
        case 2: false
        case 3: true
        default: nil
        }
    }
}
