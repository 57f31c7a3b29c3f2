/// What the reducer keeps to run probes, switches and the background watch: generations that
/// let it drop stale results, the probe schedules, and the switch in progress. Part of the
/// observable state like everything else, so nothing about connectivity lives in hidden fields.
public struct ConnectivityState: Equatable, Sendable {
    /// The app attached its effect runner. Without one (the command line) a chosen server is
    /// adopted at once, untested.
    public var isActive = false
    /// Bumped for every probe loop, switch or watch started; a result for an older one is stale.
    public var lastGeneration = 0
    /// The watch of the current server; nil while a switch owns the status.
    public var monitor: ProbeLoop?
    public var activeSwitch: SwitchRun?
    /// The background watch of the configured server during a fallback.
    public var recovery: ProbeLoop?
    /// When pn51 was last tried as a fallback while the configured server stays in error.
    public var lastFallbackAttempt: Double?
    /// When the current status began (the timeline's durations).
    public var statusSince: Double?
    /// Notices the person dismissed that the reducer would otherwise post again while their
    /// condition holds (the fallback family).
    public var dismissed: [DismissedNotice] = []
    /// Tests started for the pane's rows, by server id; a result of an older test is stale.
    public var rowTests: [String: Int] = [:]
    /// What this machine lacks for `.local` names (read once, after the first `dns` failure of
    /// such a name): the advice under a `dns` notice names it.
    public var mdnsFinding: MDNSFinding?
    public var mdnsInspectionRequested = false
    /// Each server's last `/api/config` answer (sanitized JSON bytes), by server id: saved with
    /// the server's data when the app switches away from it (`serverConfigRead`).
    public var serverConfigs: [String: [UInt8]] = [:]

    public init() {}
}

/// A server watched on a schedule.
public struct ProbeLoop: Equatable, Sendable {
    public var serverId: String
    public var generation: Int
    public var schedule: ProbeSchedule
    /// Set while a probe runs: when it started (the screen says "no answer for N s").
    public var probeStartedAt: Double?

    public init(serverId: String, generation: Int, schedule: ProbeSchedule) {
        self.serverId = serverId
        self.generation = generation
        self.schedule = schedule
    }
}

/// A switch in progress and what to put back if it fails or is cancelled.
public struct SwitchRun: Equatable, Sendable {
    public var generation: Int
    public var target: ServerConfig
    public var source: ServerSource
    public var origin: SwitchOrigin
    public var startedAt: Double
    public var before: SwitchSnapshot
    /// What settings.json named before the change that started this switch; written back when
    /// the switch fails or is cancelled (nil: nothing to write back).
    public var previousSelection: SettingsSelection?
    /// The target's test, once it answered.
    public var result: DetailedStatus?
    /// Whether a token was stored for the target when it was tested.
    public var hadToken = false

    public init(generation: Int, target: ServerConfig, source: ServerSource, origin: SwitchOrigin,
                startedAt: Double, before: SwitchSnapshot, previousSelection: SettingsSelection?) {
        self.generation = generation
        self.target = target
        self.source = source
        self.origin = origin
        self.startedAt = startedAt
        self.before = before
        self.previousSelection = previousSelection
    }

    public var changesServer: Bool { before.server.id != target.id }
}

/// What the screen showed before a switch, put back when the switch fails or is cancelled.
public struct SwitchSnapshot: Equatable, Sendable {
    public var server: ServerConfig
    public var source: ServerSource
    public var status: ConnectionStatus
    /// Not a copy of the state's: a switch to another server clears the screen's details at its
    /// `clearingServerData` step, and a switch that then fails or is cancelled puts these back.
    public var detailedStatus: DetailedStatus?
    public var responseTimes: [Double]
    public var fallback: FallbackInfo?
    public var loginRequest: LoginRequest?
    public var monitor: ProbeLoop?

    public init(_ state: SettingsState) {
        server = state.currentServer
        source = state.serverSource
        status = state.connectionStatus
        detailedStatus = state.detailedStatus
        responseTimes = state.responseTimes
        fallback = state.fallback
        loginRequest = state.loginRequest
        monitor = state.connectivity.monitor
    }
}

/// What `backend_server_address` said: an address, or nothing (the default server).
public struct SettingsSelection: Equatable, Sendable {
    public var address: String?

    public init(address: String?) {
        self.address = address
    }
}

/// A notice the person dismissed: its subject and text key.
public struct DismissedNotice: Equatable, Sendable {
    public var subject: Notice.Subject
    public var key: String

    public init(subject: Notice.Subject, key: String) {
        self.subject = subject
        self.key = key
    }
}
