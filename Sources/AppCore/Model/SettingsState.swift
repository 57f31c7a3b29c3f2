import Localization

/// The store's state, with the app's (Zustand) names, plus everything the reducer needs to
/// decide: nothing about the app's situation is kept anywhere else. Only `SettingsReducer` changes
/// it (see docs/ARCHITECTURE.md).
public struct SettingsState: Equatable, Sendable {
    public var currentServer: ServerConfig
    public var availableServers: [ServerConfig]
    public var connectionStatus: ConnectionStatus
    /// The server in use's last *confirmed* result, the main screen's details. Not a copy of
    /// `serverStatuses[id]` or the watch's `lastResult` (issue 25): a probe's first failure
    /// waits for its re-test here (and in the pane's row) while the watch counts it, a pane
    /// test of the server in use changes its row but not these details, and a switch clears
    /// them and, failing, puts back the ones its snapshot kept.
    public var detailedStatus: DetailedStatus?
    public var serverSource: ServerSource
    public var currentLanguage: AppLanguage
    public var availableLanguages: [AppLanguage]
    public var serverSwitchState: ServerSwitchState
    public var preferences: Preferences
    public var serverHistory: [ServerHistoryEntry]

    /// The server settings.json names (after validation). It differs from `currentServer`
    /// during a fallback and while a switch to it runs.
    public var configuredServer: ServerConfig
    /// `native_settings` when settings.json names a valid server, else `default`.
    public var configuredSource: ServerSource

    // Settings-pane values mirrored from settings.json.
    /// Seconds, 5...60.
    public var connectionTimeout: Int
    public var autoSwitchOnFailure: Bool
    public var detailedLogging: Bool
    public var caBundle: String?
    /// Seconds.
    public var probeInterval: Int
    /// Days before a certificate's end from which checks warn (`cert_warning_days`).
    public var certWarningDays: Int
    /// History and alert settings (`alert_*`, `slow_threshold_ms`, `history_enabled`).
    public var watchSettings = WatchSettings()

    public var environment: AppEnvironment
    /// This run's `--lang`, until a language is chosen.
    public var languageOverride: AppLanguage?
    /// The language to save in app-state.json: the saved or chosen one, never `--lang` and
    /// never one detected from the environment.
    public var savedLanguage: AppLanguage?

    /// Problems found by the last read of settings.json.
    public var settingsFileProblems: [FileProblem]
    /// Problems found when app-state.json was loaded or written.
    public var appStateFileProblems: [FileProblem]
    /// Notices on the main screen, newest first, at most one per subject.
    public var notices: [Notice]

    /// Set while the configured server is unreachable and pn51 is used instead.
    public var fallback: FallbackInfo?
    /// The settings pane's word per server id: its own tests' (every row when it opens, aged
    /// rows again), `testing` while one runs with no word to keep, and the confirmed results of
    /// the servers connectivity watches. Not the watch's `lastResult` (which counts first
    /// failures and the rounds' results, and no pane test) nor `detailedStatus`.
    public var serverStatuses: [String: ServerProbeSummary]
    /// Recent health response times of the current server, oldest first (the sparkline).
    public var responseTimes: [Double]
    /// Non-nil while the sign-in dialog should be shown.
    public var loginRequest: LoginRequest?
    /// Recent events, newest first, at most `TimelineEntry.limit` (the main screen's timeline).
    public var timeline: [TimelineEntry]
    /// Probe loops, the switch in progress, generations.
    public var connectivity: ConnectivityState
    /// The names of custom servers removed while the app runs, by id: the timeline, the
    /// history and notices name them as people know them, never by their internal id.
    public var formerServerNames: [String: String] = [:]
    /// The user name of the last sign-in, by server id (app-state.json): offered again in the
    /// sign-in dialog. Never a password or token.
    public var lastUserNames: [String: String] = [:]

    public init(currentServer: ServerConfig, availableServers: [ServerConfig],
                connectionStatus: ConnectionStatus = .disconnected, detailedStatus: DetailedStatus? = nil,
                serverSource: ServerSource = .default, currentLanguage: AppLanguage = .ja,
                availableLanguages: [AppLanguage] = AppLanguage.allCases,
                serverSwitchState: ServerSwitchState = .idle,
                preferences: Preferences = .defaults, serverHistory: [ServerHistoryEntry] = [],
                configuredServer: ServerConfig? = nil, configuredSource: ServerSource? = nil,
                connectionTimeout: Int = 10, autoSwitchOnFailure: Bool = true, detailedLogging: Bool = false,
                caBundle: String? = nil, probeInterval: Int = 10,
                certWarningDays: Int = NativeSettings.defaultCertWarningDays, environment: AppEnvironment = .production,
                languageOverride: AppLanguage? = nil, savedLanguage: AppLanguage? = nil,
                settingsFileProblems: [FileProblem] = [],
                appStateFileProblems: [FileProblem] = [], notices: [Notice] = [],
                fallback: FallbackInfo? = nil, serverStatuses: [String: ServerProbeSummary] = [:],
                responseTimes: [Double] = [], loginRequest: LoginRequest? = nil, timeline: [TimelineEntry] = [],
                connectivity: ConnectivityState = ConnectivityState()) {
        self.currentServer = currentServer
        self.availableServers = availableServers
        self.connectionStatus = connectionStatus
        self.detailedStatus = detailedStatus
        self.serverSource = serverSource
        self.currentLanguage = currentLanguage
        self.availableLanguages = availableLanguages
        self.serverSwitchState = serverSwitchState
        self.preferences = preferences
        self.serverHistory = serverHistory
        self.configuredServer = configuredServer ?? currentServer
        self.configuredSource = configuredSource ?? serverSource
        self.connectionTimeout = connectionTimeout
        self.autoSwitchOnFailure = autoSwitchOnFailure
        self.detailedLogging = detailedLogging
        self.caBundle = caBundle
        self.probeInterval = probeInterval
        self.certWarningDays = certWarningDays
        self.environment = environment
        self.languageOverride = languageOverride
        self.savedLanguage = savedLanguage
        self.settingsFileProblems = settingsFileProblems
        self.appStateFileProblems = appStateFileProblems
        self.notices = notices
        self.fallback = fallback
        self.serverStatuses = serverStatuses
        self.responseTimes = responseTimes
        self.loginRequest = loginRequest
        self.timeline = timeline
        self.connectivity = connectivity
    }

    /// `lastError` of the app's store: the newest error or warning on screen.
    public var lastError: AppError? {
        notices.first { $0.kind == .error || $0.kind == .warning }?.message
    }

    /// Nothing is known of the current server yet: not tested since the app started (the
    /// screen says "Not checked yet", never "Disconnected").
    public var isUnchecked: Bool {
        connectionStatus == .disconnected && detailedStatus == nil
    }

    /// Every problem of both files, settings.json first.
    public var fileProblems: [FileProblem] {
        settingsFileProblems + appStateFileProblems
    }

    public func fileProblems(of file: String) -> [FileProblem] {
        switch file {
        case SettingsState.settingsFileName: settingsFileProblems
        case SettingsState.appStateFileName: appStateFileProblems
        default: []
        }
    }

    /// The server with this id among the known ones (the configured and current servers
    /// included, which may not be in the list).
    public func server(id: String) -> ServerConfig? {
        if currentServer.id == id { return currentServer }
        if configuredServer.id == id { return configuredServer }
        return availableServers.first { $0.id == id }
    }

    /// The probe running for the current server has not answered for this long (nil: none runs).
    public func secondsWithoutAnswer(now: Double) -> Double? {
        guard let started = connectivity.monitor?.probeStartedAt else { return nil }
        return max(0, now - started)
    }

    public static let settingsFileName = "settings.json"
    public static let appStateFileName = "app-state.json"
}
