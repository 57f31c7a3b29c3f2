/// One alert (SPEC §15.3): what the recording process tells hooks and webhooks. Built by the
/// pure watch policy; delivered by the alert runner, which first marks `ledgerKey` in the
/// history database so that the same change is never alerted twice, across restarts and copies.
public struct AlertEvent: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case serverDown = "server_down"
        case serverUp = "server_up"
        case fallbackStarted = "fallback_started"
        case fallbackEnded = "fallback_ended"
        case certExpiring = "cert_expiring"
        case certExpired = "cert_expired"
        case test
    }

    public var kind: Kind
    public var server: ServerConfig
    /// The error code and its parameters (nil for `server_up`, `fallback_ended`, `test`).
    public var reason: ConnectivityError?
    /// When the change happened, seconds since 1970.
    public var at: Double
    /// When the condition began (the incident's start; the fallback's start).
    public var since: Double?
    /// For `server_up` and `fallback_ended`: how long the condition lasted.
    public var durationSeconds: Double?
    /// A `server_up` (or `fallback_ended`) for a condition that was open when the recorder last
    /// stopped and was over when it started again.
    public var resolvedOnStart: Bool
    /// Days left, for `cert_expiring`.
    public var daysLeft: Int?
    /// The change's identity: the same key is never delivered twice.
    public var ledgerKey: String
    /// Sent during a drill, about what the drill caused (SPEC §16): `drill: true`,
    /// `VERBUMCARE_DRILL=1`, the message starts with the drill word.
    public var drill = false

    /// How a drill's alert's ledger key begins (the key a real alert would have follows), so the
    /// outbox and the report tell a drill's alerts from real ones.
    public static let drillKeyPrefix = "drill:"

    public init(kind: Kind, server: ServerConfig, reason: ConnectivityError? = nil, at: Double, since: Double? = nil,
                durationSeconds: Double? = nil, resolvedOnStart: Bool = false, daysLeft: Int? = nil, ledgerKey: String) {
        self.kind = kind
        self.server = server
        self.reason = reason
        self.at = at
        self.since = since
        self.durationSeconds = durationSeconds
        self.resolvedOnStart = resolvedOnStart
        self.daysLeft = daysLeft
        self.ledgerKey = ledgerKey
    }
}
