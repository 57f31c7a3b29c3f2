import Localization

/// The store's state, with the app's (Zustand) names (SPEC §7).
public struct SettingsState: Equatable, Sendable {
    public var currentServer: ServerConfig
    public var availableServers: [ServerConfig]
    public var connectionStatus: ConnectionStatus
    public var detailedStatus: DetailedStatus?
    public var serverSource: ServerSource
    public var currentLanguage: AppLanguage
    public var availableLanguages: [AppLanguage]
    public var serverSwitchState: ServerSwitchState
    public var lastError: AppError?
    public var preferences: Preferences
    public var serverHistory: [ServerHistoryEntry]

    // Settings-pane values mirrored from settings.json.
    /// Seconds, 5...60.
    public var connectionTimeout: Int
    public var autoSwitchOnFailure: Bool
    public var detailedLogging: Bool
    public var caBundle: String?
    /// Seconds.
    public var probeInterval: Int

    public var environment: AppEnvironment

    // Connectivity detail the screens show (filled by the Connectivity module).
    /// Set while the configured server is unreachable and pn51 is used instead.
    public var fallback: FallbackInfo?
    /// Latest result per server id, for the settings pane list.
    public var serverStatuses: [String: ServerProbeSummary]
    /// Recent health response times of the current server, oldest first (the sparkline).
    public var responseTimes: [Double]
    /// Non-nil while the re-login dialog should be shown.
    public var loginRequest: LoginRequest?
    /// Recent events, newest first, at most `TimelineEntry.limit` (the main screen's timeline).
    public var timeline: [TimelineEntry]

    public init(currentServer: ServerConfig, availableServers: [ServerConfig],
                connectionStatus: ConnectionStatus = .disconnected, detailedStatus: DetailedStatus? = nil,
                serverSource: ServerSource = .default, currentLanguage: AppLanguage = .ja,
                availableLanguages: [AppLanguage] = AppLanguage.allCases,
                serverSwitchState: ServerSwitchState = .idle, lastError: AppError? = nil,
                preferences: Preferences = .defaults, serverHistory: [ServerHistoryEntry] = [],
                connectionTimeout: Int = 10, autoSwitchOnFailure: Bool = true, detailedLogging: Bool = false,
                caBundle: String? = nil, probeInterval: Int = 10, environment: AppEnvironment = .production,
                fallback: FallbackInfo? = nil, serverStatuses: [String: ServerProbeSummary] = [:],
                responseTimes: [Double] = [], loginRequest: LoginRequest? = nil, timeline: [TimelineEntry] = []) {
        self.currentServer = currentServer
        self.availableServers = availableServers
        self.connectionStatus = connectionStatus
        self.detailedStatus = detailedStatus
        self.serverSource = serverSource
        self.currentLanguage = currentLanguage
        self.availableLanguages = availableLanguages
        self.serverSwitchState = serverSwitchState
        self.lastError = lastError
        self.preferences = preferences
        self.serverHistory = serverHistory
        self.connectionTimeout = connectionTimeout
        self.autoSwitchOnFailure = autoSwitchOnFailure
        self.detailedLogging = detailedLogging
        self.caBundle = caBundle
        self.probeInterval = probeInterval
        self.environment = environment
        self.fallback = fallback
        self.serverStatuses = serverStatuses
        self.responseTimes = responseTimes
        self.loginRequest = loginRequest
        self.timeline = timeline
    }
}
