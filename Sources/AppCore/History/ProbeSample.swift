/// One probe result of one server, as history records it.
public struct ProbeSample: Sendable, Equatable {
    public var serverId: String
    /// When the probe was made, Unix milliseconds.
    public var at: Int64
    public var ok: Bool
    /// How long the health check took, in milliseconds; nil when nothing answered (a refused
    /// connection, a timeout), so that a failure without an answer does not count as a fast one.
    public var latencyMs: Double?
    /// The connectivity error code of a failed probe (`timeout`, `dns`…); nil when it succeeded.
    public var reasonCode: String?

    public init(serverId: String, at: Int64, ok: Bool, latencyMs: Double?, reasonCode: String? = nil) {
        self.serverId = serverId
        self.at = at
        self.ok = ok
        self.latencyMs = latencyMs
        self.reasonCode = reasonCode
    }
}
