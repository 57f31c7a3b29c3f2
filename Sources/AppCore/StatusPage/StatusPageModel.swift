/// What the staff status page says (SPEC §16, "Status page for staff"), in no language yet:
/// built by `StatusPageModel.make` from the watch's state and the history figures after every
/// round, worded by `StatusPageHTML` in each language. Times are seconds since 1970.
public struct StatusPageModel: Equatable, Sendable {
    /// How a server is doing, as a word with a mark on the page (never colour alone).
    public enum Condition: String, Equatable, Sendable, CaseIterable {
        /// Its last results pass.
        case up
        /// It answers, but slower than `slow_threshold_ms`.
        case slow
        /// Its failure is confirmed (an incident is open).
        case down
        /// No result yet, or one failure not yet confirmed by its re-test (§6.4).
        case checking

        /// It can be used now.
        public var works: Bool { self == .up || self == .slow }
    }

    /// What staff should do now: always exactly one of the four SPEC §16 names.
    public enum Advice: Equatable, Sendable {
        /// Use the app as usual.
        case asUsual
        /// Expect slowness. `paperAt`: when nothing works, the moment the BCP trigger passes
        /// and paper takes over (nil while the configured server answers, only slowly).
        case expectSlowness(paperAt: Double?)
        /// The configured server is down and this one works: set the iPads to it.
        case useServer(id: String)
        /// No server has worked for longer than `bcp_trigger_minutes`: record on paper per the
        /// BCP, since `since` (the last moment a server worked).
        case recordOnPaper(since: Double)
    }

    /// One server as the page shows it.
    public struct ServerLine: Equatable, Sendable {
        public var server: ServerConfig
        public var condition: Condition
        /// Since when it is in this condition (nil: not known).
        public var since: Double?

        public init(server: ServerConfig, condition: Condition, since: Double?) {
            self.server = server
            self.condition = condition
            self.since = since
        }
    }

    /// A drill in progress (SPEC §16 Drills): the page says 訓練中 / DRILL / 演練中.
    public struct Drill: Equatable, Sendable {
        public var serverId: String
        /// `down`, `slow` or `certificate`.
        public var scenario: String
        public var since: Double

        public init(serverId: String, scenario: String, since: Double) {
            self.serverId = serverId
            self.scenario = scenario
            self.since = since
        }
    }

    /// The facility's name, when `facility_name` is set.
    public var facilityName: String?
    /// When the page was made, and the moment after which it is stale (3 probe intervals).
    public var madeAt: Double
    public var staleAfter: Double
    /// The server the iPads are set to (`backend_server_address`), and how it is doing.
    public var configured: ServerLine
    /// Every known server (the configured one first), for the table.
    public var servers: [ServerLine]
    public var advice: Advice
    /// `bcp_trigger_minutes`, said with the paper advice.
    public var triggerMinutes: Int
    /// The configured server's uptime over the last 24 h (0...1), when history has it.
    public var uptimeDay: Double?
    /// The incidents of the last 24 h (open, or ended within it), newest first.
    public var incidents: [Incident]
    public var drill: Drill?

    public init(facilityName: String?, madeAt: Double, staleAfter: Double, configured: ServerLine,
                servers: [ServerLine], advice: Advice, triggerMinutes: Int, uptimeDay: Double?,
                incidents: [Incident], drill: Drill?) {
        self.facilityName = facilityName
        self.madeAt = madeAt
        self.staleAfter = staleAfter
        self.configured = configured
        self.servers = servers
        self.advice = advice
        self.triggerMinutes = triggerMinutes
        self.uptimeDay = uptimeDay
        self.incidents = incidents
        self.drill = drill
    }

    /// A page this many probe intervals old says it is stale.
    public static let staleIntervals = 3
    /// How far back the incidents go.
    public static let incidentWindowSeconds: Double = 86_400
}
