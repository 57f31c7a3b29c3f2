/// One probe result of one server, as history records it.
public struct ProbeSample: Sendable, Equatable {
    /// What a result stands for when nobody says otherwise: the default `probe_interval` (10 s)
    /// plus the default `connection_timeout` (10 s).
    public static let defaultBoundMs: Int64 = 20_000

    public var serverId: String
    /// When the probe was made, Unix milliseconds.
    public var at: Int64
    public var ok: Bool
    /// How long the health check took, in milliseconds; nil when nothing answered (a refused
    /// connection, a timeout), so that a failure without an answer does not count as a fast one.
    public var latencyMs: Double?
    /// The connectivity error code of a failed probe (`timeout`, `dns`…); nil when it succeeded.
    public var reasonCode: String?
    /// The longest time this result may stand for (`Stopwatch`): `probe_interval` plus
    /// `connection_timeout` when it was made. A next result later than that leaves a gap that
    /// is not covered.
    public var boundMs: Int64
    /// The result confirms the one before it (§6.4's immediate re-test, or the monitor's
    /// confirming re-test within a round): it replaces that result instead of adding its own.
    public var confirming: Bool

    public init(serverId: String, at: Int64, ok: Bool, latencyMs: Double?, reasonCode: String? = nil,
                boundMs: Int64 = ProbeSample.defaultBoundMs, confirming: Bool = false) {
        self.serverId = serverId
        self.at = at
        self.ok = ok
        self.latencyMs = latencyMs
        self.reasonCode = reasonCode
        self.boundMs = boundMs
        self.confirming = confirming
    }

    /// The bound of a result made with these settings: `probe_interval` plus
    /// `connection_timeout`, both in seconds.
    public static func boundMs(probeInterval: Int, connectionTimeout: Int) -> Int64 {
        (Int64(max(0, probeInterval)) + Int64(max(0, connectionTimeout))) * 1000
    }
}
