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
    public var drills: [DrillRecordSummary]

    public init(facility: FacilityProfile, box: String, from: Int64, to: Int64, madeAt: Int64,
                configuredServerId: String, fallbackServerId: String, servers: [Server], incidents: [Incident],
                firstFailures: [Int64: Int64] = [:], notes: [Int64: [IncidentNote]] = [:], alerts: [Alert] = [],
                drills: [DrillRecordSummary] = []) {
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

        public init(kind: String, serverId: String, created: Int64, deliveries: [Delivery]) {
            self.kind = kind
            self.serverId = serverId
            self.created = created
            self.deliveries = deliveries
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

/// A drill's record as the report shows it (SPEC §16 訓練記録): the plain model the report
/// reads, filled from the drill feature's record (`drills.json`) by the command line, so the
/// report does not depend on how drills are stored. Times are Unix ms.
public struct DrillRecordSummary: Sendable, Equatable {
    public var id: String
    /// `down`, `slow`, `certificate`.
    public var scenario: String
    public var serverId: String
    public var start: Int64
    public var end: Int64?
    public var firstAlertAt: Int64?
    public var fallbackAt: Int64?
    public var acknowledgedAt: Int64?
    public var participants: String
    public var notes: String

    public init(id: String, scenario: String, serverId: String, start: Int64, end: Int64?, firstAlertAt: Int64? = nil,
                fallbackAt: Int64? = nil, acknowledgedAt: Int64? = nil, participants: String = "", notes: String = "") {
        self.id = id
        self.scenario = scenario
        self.serverId = serverId
        self.start = start
        self.end = end
        self.firstAlertAt = firstAlertAt
        self.fallbackAt = fallbackAt
        self.acknowledgedAt = acknowledgedAt
        self.participants = participants
        self.notes = notes
    }
}
