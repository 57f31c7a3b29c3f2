/// What the BCP report is made from (SPEC §16), read from history, the outbox, the settings
/// and the drill record by the command line; `BCPReport.make` turns it into the report
/// without reading anything itself. Times are Unix milliseconds.
public struct BCPReportInput: Sendable {
    public var facility: FacilityProfile
    /// The box's host name.
    public var box: String
    /// The period, inclusive.
    public var from: Int64
    public var to: Int64
    public var madeAt: Int64
    /// The server the facility's iPads are set to (settings.json's).
    public var configuredServerId: String
    /// The server the fallback goes to (pn51).
    public var fallbackServerId: String
    public var servers: [Server]
    /// Every incident of history that overlaps the period, fallback spells (`fallback:ID`)
    /// and certificate incidents included.
    public var incidents: [Incident]
    /// The first failed probe before each incident's confirmation (raw results, kept 7 days),
    /// by incident id; missing when history no longer has it.
    public var firstFailures: [Int64: Int64]
    public var notes: [Int64: [IncidentNote]]
    /// The outbox's alerts of the period with each target's outcome.
    public var alerts: [Alert]
    /// The drill record (`drills.json`, `DrillFile`): the drills that overlap the period.
    public var drills: [DrillRecord]

    public init(facility: FacilityProfile, box: String, from: Int64, to: Int64, madeAt: Int64,
                configuredServerId: String, fallbackServerId: String, servers: [Server], incidents: [Incident],
                firstFailures: [Int64: Int64] = [:], notes: [Int64: [IncidentNote]] = [:], alerts: [Alert] = [],
                drills: [DrillRecord] = []) {
        self.facility = facility
        self.box = box
        self.from = from
        self.to = to
        self.madeAt = madeAt
        self.configuredServerId = configuredServerId
        self.fallbackServerId = fallbackServerId
        self.servers = servers
        self.incidents = incidents
        self.firstFailures = firstFailures
        self.notes = notes
        self.alerts = alerts
        self.drills = drills
    }

    /// One known server with its figures over the period (nil: nothing recorded).
    public struct Server: Sendable, Equatable {
        public var id: String
        public var displayName: String
        public var baseUrl: String
        public var uptimeRatio: Double?
        public var coverage: Double?

        public init(id: String, displayName: String, baseUrl: String, uptimeRatio: Double?, coverage: Double?) {
            self.id = id
            self.displayName = displayName
            self.baseUrl = baseUrl
            self.uptimeRatio = uptimeRatio
            self.coverage = coverage
        }
    }

    /// One alert as the outbox keeps it, with each target's outcome.
    public struct Alert: Sendable, Equatable {
        public var kind: String
        public var serverId: String
        public var created: Int64
        public var deliveries: [Delivery]
        /// An alert of a drill (its outbox key starts with `drill:`): listed with its drill,
        /// never with a real incident.
        public var drill: Bool

        public init(kind: String, serverId: String, created: Int64, deliveries: [Delivery], drill: Bool = false) {
            self.kind = kind
            self.serverId = serverId
            self.created = created
            self.deliveries = deliveries
            self.drill = drill
        }

        public struct Delivery: Sendable, Equatable {
            /// The hook's path or the webhook's address without its query (never a secret).
            public var target: String
            /// `delivered`, `failed`, `retry`, `dropped`, `pending`.
            public var status: String
            /// When its attempt ended (nil: not yet).
            public var at: Int64?

            public init(target: String, status: String, at: Int64?) {
                self.target = target
                self.status = status
                self.at = at
            }
        }
    }
}
