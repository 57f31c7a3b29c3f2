/// One entry of `serverHistory` (newest first, at most 10, one per server).
public struct ServerHistoryEntry: Equatable, Sendable {
    public var serverId: String
    /// Seconds since 1970.
    public var lastUsed: Double
    public var successful: Bool
    public var durationMs: Double

    public init(serverId: String, lastUsed: Double, successful: Bool, durationMs: Double) {
        self.serverId = serverId
        self.lastUsed = lastUsed
        self.successful = successful
        self.durationMs = durationMs
    }

    public static let limit = 10
}
