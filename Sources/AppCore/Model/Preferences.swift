/// User preferences kept in app-state.json (never touched by a server switch).
public struct Preferences: Equatable, Sendable {
    /// Show per-check rows in the server panel.
    public var showCheckDetails: Bool
    /// Number of response times kept for the sparkline.
    public var sparklineLength: Int

    public init(showCheckDetails: Bool = true, sparklineLength: Int = 30) {
        self.showCheckDetails = showCheckDetails
        self.sparklineLength = sparklineLength
    }

    public static let defaults = Preferences()
}
