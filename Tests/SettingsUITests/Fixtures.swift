import Localization
import SettingsStore
import AppCore
import SettingsUI
import TerminalRendering

/// Fixed, realistic states for goldens and unit tests.
enum Fixtures {
    /// 2025-10-09 08:53:20 UTC; every "checked N s ago" is relative to it.
    static let now: Double = 1_760_000_000

    static let servers = ServerCatalog.availableServers(
        customAddresses: ["https://ward3.example.org/api"], connectionTimeoutSeconds: 10)

    static func server(_ id: String) -> ServerConfig {
        guard let server = servers.first(where: { $0.id == id }) else {
            preconditionFailure("no fixture server \(id)")
        }
        return server
    }

    static func timings(_ total: Double) -> CheckTimings {
        CheckTimings(dnsMs: 0.4, connectMs: total * 0.3, tlsMs: total * 0.6, firstByteMs: total * 0.9, totalMs: total)
    }

    static func check(_ endpoint: CheckEndpoint, _ server: ServerConfig, http: Int?, ms: Double,
                      error: ConnectivityError? = nil) -> CheckResult {
        let root = String(server.baseUrl.dropLast(4))
        let path: String
        switch endpoint {
        case .health: path = "/health"
        case .api: path = "/api/config"
        case .auth: path = "/api/auth/me"
        case .websocket: path = "/socket.io/?EIO=4&transport=polling"
        }
        let ok = error == nil
        return CheckResult(endpoint: endpoint, url: root + path, status: ok ? .success : .failure, httpStatus: http,
                           timings: timings(ms), error: error)
    }

    static let authRequired = ConnectivityError(code: .authRequired, message: "401 from /api/auth/me")
    static let badGateway = ConnectivityError(code: .httpStatus, message: "HTTP 502", parameters: ["status": "502"])
    static let timeout = ConnectivityError(code: .timeout, message: "timed out after 10000 ms", parameters: ["seconds": "10"])
    static let refused = ConnectivityError(code: .connect, message: "connection refused",
                                           parameters: ["host": "verbumcarenomac-mini.local"])

    static func healthy(_ server: ServerConfig, checkedAgo: Double = 3) -> DetailedStatus {
        DetailedStatus(serverId: server.id, checks: [
            check(.health, server, http: 200, ms: 12.4),
            check(.api, server, http: 200, ms: 10.2),
            check(.auth, server, http: 401, ms: 9.7, error: authRequired),
            check(.websocket, server, http: 200, ms: 8.8),
        ], responseTime: 12.4, lastChecked: now - checkedAgo)
    }

    static let sparkline: [Double] = [14, 12, 13, 12, 18, 12, 14, 12, 11, 12, 25, 13, 12, 11, 12, 16, 12, 12.4]

    static let paneStatuses: [String: ServerProbeSummary] = [
        "pn51": ServerProbeSummary(status: .connected, responseTime: 12.4, httpStatus: 200),
        "mac-mini": ServerProbeSummary(status: .error, responseTime: 31, httpStatus: 502, error: badGateway),
        "mac-mini-tailscale": ServerProbeSummary(status: .disconnected, error: refused),
        "custom-ward3-example-org": ServerProbeSummary(status: .testing),
    ]

    /// Goldens show times in Japan's time zone, whatever the machine's.
    static let clock = LocalClock.fixed(utcOffsetSeconds: 9 * 3600)

    /// What happened this morning, newest first (drawn from 100×30 on).
    static let timeline: [TimelineEntry] = [
        TimelineEntry(at: now - 3, kind: .statusChanged, serverId: "pn51", status: .connected, previousDuration: 125),
        TimelineEntry(at: now - 128, kind: .statusChanged, serverId: "pn51", status: .error, previousDuration: 3_720),
        TimelineEntry(at: now - 3_848, kind: .switched, serverId: "pn51", durationMs: 842),
        TimelineEntry(at: now - 3_850, kind: .fallback, serverId: "mac-mini", code: .timeout),
        TimelineEntry(at: now - 3_900, kind: .switchFailed, serverId: "mac-mini", durationMs: 10_004, code: .timeout),
        TimelineEntry(at: now - 7_200, kind: .recovered, serverId: "mac-mini"),
        TimelineEntry(at: now - 7_300, kind: .signedIn, serverId: "mac-mini"),
        TimelineEntry(at: now - 9_000, kind: .settingsEdited, serverId: "mac-mini"),
        TimelineEntry(at: now - 9_100, kind: .switchCancelled, serverId: "custom-ward3-example-org"),
        TimelineEntry(at: now - 20_000, kind: .signedOut, serverId: "pn51"),
    ]

    static let history: [ServerHistoryEntry] = [
        ServerHistoryEntry(serverId: "pn51", lastUsed: now - 3_848, successful: true, durationMs: 842),
        ServerHistoryEntry(serverId: "mac-mini", lastUsed: now - 3_900, successful: false, durationMs: 10_004),
        ServerHistoryEntry(serverId: "custom-ward3-example-org", lastUsed: now - 2 * 86_400, successful: true, durationMs: 1_210),
    ]

    /// pn51 configured and healthy.
    static func connected(_ language: AppLanguage) -> SettingsState {
        SettingsState(currentServer: server("pn51"), availableServers: servers, connectionStatus: .connected,
                      detailedStatus: healthy(server("pn51")), serverSource: .nativeSettings, currentLanguage: language,
                      serverHistory: history, serverStatuses: paneStatuses, responseTimes: sparkline, timeline: timeline)
    }

    static func testing(_ language: AppLanguage) -> SettingsState {
        var state = connected(language)
        state.connectionStatus = .testing
        state.detailedStatus = healthy(server("pn51"), checkedAgo: 10)
        return state
    }

    /// Mac Mini configured; nginx answers 502 because the backend is stopped.
    static func error(_ language: AppLanguage) -> SettingsState {
        let macMini = server("mac-mini")
        var state = connected(language)
        state.currentServer = macMini
        state.connectionStatus = .error
        state.detailedStatus = DetailedStatus(serverId: macMini.id, checks: [
            check(.health, macMini, http: 502, ms: 31.0, error: badGateway),
            check(.api, macMini, http: 502, ms: 29.5, error: badGateway),
            check(.auth, macMini, http: 502, ms: 30.1, error: badGateway),
            check(.websocket, macMini, http: 502, ms: 28.7, error: badGateway),
        ], responseTime: nil, lastChecked: now - 125)
        state.notices = [Notice(subject: .server(macMini.id), kind: .error,
                                message: AppError(key: "error.http_status.server_message",
                                                  parameters: ["status": "502", "server": macMini.id], code: .httpStatus),
                                condition: .serverNotConnected(macMini.id), postedAt: now - 125)]
        state.responseTimes = [30, 29, 31, .nan, .nan, .nan]
        return state
    }

    /// Mac Mini timed out; pn51 is in use and Mac Mini is back.
    static func fallback(_ language: AppLanguage) -> SettingsState {
        var state = connected(language)
        state.serverSource = .fallback
        state.configuredServer = server("mac-mini")
        state.configuredSource = .nativeSettings
        state.fallback = FallbackInfo(fromServerId: "mac-mini", reason: timeout, configuredRecovered: true)
        // The notice the reducer posts for this situation.
        NoticeBoard.reconcile(&state)
        return state
    }

    /// Switching from pn51 to Mac Mini, in staging.
    static func switching(_ language: AppLanguage) -> SettingsState {
        var state = connected(language)
        state.environment = .staging
        state.connectionStatus = .switching
        state.serverSwitchState = ServerSwitchState(isInProgress: true, fromServerId: "pn51", toServerId: "mac-mini",
                                                    progress: .savingServerData, startedAt: now - 1)
        return state
    }

    static func login(_ language: AppLanguage) -> SettingsState {
        var state = connected(language)
        state.currentServer = server("mac-mini")
        state.detailedStatus = healthy(server("mac-mini"))
        state.loginRequest = LoginRequest(serverId: "mac-mini", failure: AppError(key: "dialog.login.bad_credentials"))
        // The app's runtime is attached: a sign-in can be sent.
        state.connectivity.isActive = true
        return state
    }

    /// Presses keys as the app does: the one reducer over the one state, split back into its
    /// two slices for the tests' convenience. Returns what each key asked for, in the words of
    /// the settings vocabulary (`UICommand`, the tests' summary of the events the screen sent).
    @discardableResult
    static func press(_ keys: [Key], _ ui: inout ScreenState, _ settings: inout SettingsState) -> [UICommand] {
        var state = AppState(settings: settings, screen: ui)
        let commands = keys.flatMap { key -> [UICommand] in
            let (effects, sent) = AppReducer.reduceTracing(&state, .key(key, at: now))
            return UICommand.summary(sent: sent, effects: effects)
        }
        settings = state.settings
        ui = state.screen
        return commands
    }

    /// An effect's result comes back (a test of a typed address, a looked-at CA bundle).
    @discardableResult
    static func deliver(_ event: AppEvent, _ ui: inout ScreenState, _ settings: inout SettingsState) -> [UICommand] {
        var state = AppState(settings: settings, screen: ui)
        let (effects, sent) = AppReducer.reduceTracing(&state, event)
        settings = state.settings
        ui = state.screen
        return UICommand.summary(sent: sent, effects: effects)
    }

    /// The key of the pane's answer to the last action, if one is shown.
    static func paneNote(_ settings: SettingsState) -> String? {
        settings.notices.first { $0.subject == .pane }?.message.key
    }

    static func type(_ text: String) -> [Key] {
        text.map { Key.character($0) }
    }

    /// A named screen state for goldens.
    /// (Drawn from `settings` and `ui` together: `ScreenModel(state: AppState(settings:screen:))`.)
    struct Scenario {
        var name: String
        var settings: SettingsState
        var ui: ScreenState
    }

    static func scenarios(_ language: AppLanguage) -> [Scenario] {
        var result: [Scenario] = []
        var connected = connected(language)
        result.append(Scenario(name: "connected", settings: connected, ui: ScreenState(settings: connected)))

        var testing = testing(language)
        var testingUI = ScreenState(settings: testing)
        press([.tab], &testingUI, &testing)
        result.append(Scenario(name: "testing", settings: testing, ui: testingUI))

        var error = error(language)
        var errorUI = ScreenState(settings: error)
        press([.tab, .tab], &errorUI, &error)
        result.append(Scenario(name: "error", settings: error, ui: errorUI))

        let fallback = fallback(language)
        result.append(Scenario(name: "fallback", settings: fallback, ui: ScreenState(settings: fallback)))

        let switching = switching(language)
        result.append(Scenario(name: "switching", settings: switching, ui: ScreenState(settings: switching)))

        var paneUI = ScreenState(settings: connected)
        press([.character("o")], &paneUI, &connected)
        press(Array(repeating: .down, count: 4), &paneUI, &connected)
        press([.enter] + type("http://ward4.local/api"), &paneUI, &connected)
        result.append(Scenario(name: "pane-invalid-address", settings: connected, ui: paneUI))

        // Help over the pane the scenario above left open (the pane is the screen's fact: a
        // new screen is told it is open, as the golden frames have always shown).
        var helpUI = ScreenState(settings: connected)
        helpUI.isSettingsPaneOpen = paneUI.isSettingsPaneOpen
        press([.character("?")], &helpUI, &connected)
        result.append(Scenario(name: "help", settings: connected, ui: helpUI))

        var login = login(language)
        var loginUI = ScreenState(settings: login)
        press(type("nurse.admin") + [.tab] + type("secret"), &loginUI, &login)
        result.append(Scenario(name: "login", settings: login, ui: loginUI))
        return result
    }
}
