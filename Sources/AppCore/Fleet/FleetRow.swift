/// One box of the chain as the fleet view shows it (SPEC §15.4): built from the central
/// Prometheus's answers by `FleetRows.build`, a pure function.
public struct FleetRow: Equatable, Sendable {
    /// How bad a box is; the view lists the worst first.
    public enum Status: String, Equatable, Sendable, CaseIterable, Comparable {
        /// No round for 3 probe intervals: its figures are old.
        case silent
        /// The server in use fails its health check.
        case down
        /// The configured server failed and the box uses pn51.
        case fallback
        /// Up, but a certificate ends within `FleetRows.certificateWarningDays` or the last
        /// 24 h were not all up.
        case warning
        case ok
        /// The box exports no server in use (its monitor has not finished a round yet).
        case unknown

        /// Lower is worse.
        public var rank: Int {
            switch self {
            case .silent: 0
            case .down: 1
            case .fallback: 2
            case .unknown: 3
            case .warning: 4
            case .ok: 5
            }
        }

        public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rank < rhs.rank }
    }

    /// One VerbumCare server as one box sees it (Enter on a row).
    public struct Server: Equatable, Sendable {
        public var id: String
        public var inUse: Bool
        /// nil: the box exports no `probe_success` for it.
        public var up: Bool?
        public var uptime24h: Double?
        public var p95Ms: Double?
        public var certificateDaysLeft: Double?

        public init(id: String, inUse: Bool = false, up: Bool? = nil, uptime24h: Double? = nil, p95Ms: Double? = nil,
                    certificateDaysLeft: Double? = nil) {
            self.id = id
            self.inUse = inUse
            self.up = up
            self.uptime24h = uptime24h
            self.p95Ms = p95Ms
            self.certificateDaysLeft = certificateDaysLeft
        }
    }

    public var facility: String
    public var box: String
    public var status: Status
    public var serverInUse: String?
    public var fallback: Bool
    /// Seconds since the box's last round finished, at the answer's evaluation time.
    public var lastRoundAgeSeconds: Double?
    public var probeIntervalSeconds: Double
    public var servers: [Server]

    public init(facility: String, box: String, status: Status, serverInUse: String?, fallback: Bool,
                lastRoundAgeSeconds: Double?, probeIntervalSeconds: Double, servers: [Server]) {
        self.facility = facility
        self.box = box
        self.status = status
        self.serverInUse = serverInUse
        self.fallback = fallback
        self.lastRoundAgeSeconds = lastRoundAgeSeconds
        self.probeIntervalSeconds = probeIntervalSeconds
        self.servers = servers
    }

    /// The server in use's figures (the row's uptime, p95 and certificate columns).
    public var inUse: Server? { servers.first { $0.inUse } }
    public var isSilent: Bool { status == .silent }
    /// Rows are told apart by facility and box.
    public var key: String { facility + "\u{1F}" + box }
}
