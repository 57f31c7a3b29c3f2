/// One line of the main screen's timeline of recent events: what happened to which server,
/// when (wall-clock seconds since 1970, drawn in local time), and for status changes how long
/// the previous status had lasted. The reducer appends entries; the screen only draws them.
public struct TimelineEntry: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The current server's status changed (`status` is the new one).
        case statusChanged = "status_changed"
        /// A switch made `serverId` current.
        case switched
        /// A switch to `serverId` failed (`code` says why); the previous server was kept.
        case switchFailed = "switch_failed"
        /// A switch to `serverId` was cancelled (Esc).
        case switchCancelled = "switch_cancelled"
        /// `serverId` (the configured server) was unreachable; pn51 is used instead.
        case fallback
        /// The configured server `serverId` answers again during a fallback.
        case recovered
        case signedIn = "signed_in"
        case signedOut = "signed_out"
        /// settings.json was changed by hand (or by another program) while the app ran.
        case settingsEdited = "settings_edited"
    }

    /// Seconds since 1970.
    public var at: Double
    public var kind: Kind
    public var serverId: String
    /// For `statusChanged`: the new status.
    public var status: ConnectionStatus?
    /// For `statusChanged`: how long the previous status had lasted, in seconds.
    public var previousDuration: Double?
    /// For `switched` and `switchFailed`: how long the switch took, in milliseconds.
    public var durationMs: Double?
    /// For failures and fallbacks: why.
    public var code: ConnectivityErrorCode?
    /// The whole reason when it is known (its `status`, `host`, `seconds`), so the timeline
    /// words it as the check row does ("server error 502", not "HTTP 502").
    public var reason: ConnectivityError?

    public init(at: Double, kind: Kind, serverId: String, status: ConnectionStatus? = nil,
                previousDuration: Double? = nil, durationMs: Double? = nil, code: ConnectivityErrorCode? = nil,
                reason: ConnectivityError? = nil) {
        self.at = at
        self.kind = kind
        self.serverId = serverId
        self.status = status
        self.previousDuration = previousDuration
        self.durationMs = durationMs
        self.code = reason?.code ?? code
        self.reason = reason
    }

    /// The timeline keeps this many entries, newest first.
    public static let limit = 50
}
