/// What the watch knows of one server (SPEC §15.2–15.3): its streak of results, whether its
/// failure is confirmed (an incident is open), and what the alerts have said so far. Alerts
/// follow the difference between what is true and what was last alerted, so a change that
/// happens during a mute and is still true when the mute ends is alerted then, once.
public struct ServerWatch: Equatable, Sendable {
    /// Failed results in a row (the second one confirms the failure: §6.4's re-test).
    public var failures = 0
    /// Successful results in a row (`alert_up_confirmations` of them close an incident).
    public var successes = 0
    /// The open incident: since when, and why. nil while the server is up.
    public var incident: OpenIncident?
    /// The incident the alerts last reported as open (nil: none, or `server_up` was sent).
    public var alertedIncident: OpenIncident?
    /// The incident that closed and whose `server_up` is still due (held by a mute).
    public var closedUnalerted: ClosedIncident?
    /// The time of the first failure of the current streak (the incident's start once confirmed).
    public var streakStart: Double?
    /// The time of the first success of the current streak (the incident's end once confirmed up).
    public var upStreakStart: Double?
    /// The last result the watch counted, first failures and the rounds' results included (the
    /// monitor's textfile gives its checks; the status page its condition). The screen's
    /// `detailedStatus` and the pane's `serverStatuses` follow other rules (see there).
    public var lastResult: DetailedStatus?
    /// A result came since this process started watching (an incident inherited from an
    /// earlier run is judged only then).
    public var seen = false
    /// A failed result came since this process started watching: an inherited incident that
    /// closes now was not "over at the next start" (no `resolvedOnStart`).
    public var failedSinceStart = false
    /// The certificate seen last: its fingerprint and days left.
    public var certificate: CertificateState?
    /// The lowest `cert_expiring` threshold alerted for `certificate`, and whether
    /// `cert_expired` was.
    public var alertedCertThreshold: Int?
    public var alertedCertExpired = false
    /// The certificate incident (`cert_expiring` / `tls_expired`) open for this server.
    public var certIncident: OpenIncident?

    public init() {}

    public struct OpenIncident: Equatable, Sendable {
        public var start: Double
        public var reason: ConnectivityError
        /// Open when the recorder last stopped (read back at start).
        public var inherited: Bool
        /// Opened by a drill's results: kept in the drill's record, not in history, and its
        /// alerts are marked as the drill's (SPEC §16).
        public var drill = false

        public init(start: Double, reason: ConnectivityError, inherited: Bool = false) {
            self.start = start
            self.reason = reason
            self.inherited = inherited
        }
    }

    public struct ClosedIncident: Equatable, Sendable {
        public var incident: OpenIncident
        public var end: Double
        /// Open when the recorder last stopped, and found up by this process's first results.
        public var resolvedOnStart: Bool
    }

    public struct CertificateState: Equatable, Sendable {
        public var sha256: String
        public var daysLeft: Int
    }
}
