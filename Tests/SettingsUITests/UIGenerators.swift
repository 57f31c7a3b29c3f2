import Localization
import PropertyBased
import TestSupport
import SettingsStore
import AppCore
import SettingsUI
import TerminalRendering

/// Random states, keys and sizes for the property tests: statuses, errors, long server lists
/// with long and CJK names, overlays, and text typed in every script.
enum UIGen: RandomChoices {
    static let typedCharacters: [Character] = [
        "a", "q", "k", "j", "l", "o", "r", "s", "1", "2", "3", "?", " ", "/", ":", ".", "-", "日", "本", "語", "繁",
        "體", "ア", "ｱ", "한", "é", "e\u{301}", "👍🏽", "🇯🇵", "…", "●", "\u{200B}", "\u{FF21}", "ー",
    ]

    static let specialKeys: [Key] = [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .tab, .backTab, .enter, .escape, .backspace,
        .delete, .function(1), .function(10), .function(5), .ctrl("l"), .ctrl("a"), .resize,
    ]

    static func key(_ rng: inout RNG) -> Key {
        chance(0.5, &rng) ? .character(pick(typedCharacters, &rng)) : pick(specialKeys, &rng)
    }

    /// Keys without the ways out (q, F10, Ctrl-C), so a sequence explores instead of quitting.
    static func keys(_ rng: inout RNG, count: ClosedRange<Int>) -> [Key] {
        (0..<int(count, &rng)).map { _ in key(&rng) }
    }

    static func text(_ rng: inout RNG, maxLength: Int) -> String {
        String((0..<int(0...maxLength, &rng)).map { _ in pick(typedCharacters, &rng) })
    }

    static func error(_ rng: inout RNG) -> ConnectivityError {
        let code = pick(ConnectivityErrorCode.allCases, &rng)
        var parameters: [String: String] = [:]
        if chance(0.5, &rng) { parameters["status"] = String(int(100...599, &rng)) }
        if chance(0.5, &rng) { parameters["seconds"] = String(int(5...60, &rng)) }
        if chance(0.3, &rng) { parameters["host"] = pick(["evil\u{1B}[2Jhost", "例え.jp", "h"], &rng) }
        return ConnectivityError(code: code, message: "x", parameters: parameters)
    }

    static func server(_ index: Int, _ rng: inout RNG) -> ServerConfig {
        let longHost = String(repeating: pick(["ward", "病棟", "x"], &rng), count: int(1...40, &rng))
        let host = chance(0.3, &rng) ? longHost : "ward\(index).example.org"
        let prefix = chance(0.2, &rng) ? "/" + String(repeating: "deep/", count: int(1...30, &rng)) : "/"
        return ServerConfig(id: "custom-\(index)", name: host, displayName: host, baseUrl: "https://\(host)\(prefix)api",
                            wsUrl: "wss://\(host)/", description: "Custom server", isDefault: false, isPrefilled: false,
                            isCustom: true, healthCheckEndpoints: ["/health"], connectionTimeout: 10_000,
                            retryAttempts: 3, hostKind: .fqdn)
    }

    static func summary(_ rng: inout RNG) -> ServerProbeSummary {
        ServerProbeSummary(status: pick(ConnectionStatus.allCases, &rng),
                           responseTime: chance(0.7, &rng) ? Double.random(in: 0...99_999, using: &rng) : nil,
                           httpStatus: chance(0.5, &rng) ? int(100...599, &rng) : nil,
                           error: chance(0.5, &rng) ? error(&rng) : nil)
    }

    static func settings(_ rng: inout RNG) -> SettingsState {
        var servers = ServerCatalog.prefilled
        let customCount = chance(0.2, &rng) ? int(100...250, &rng) : int(0...6, &rng)
        servers += (0..<customCount).map { server($0, &rng) }
        let current = pick(servers, &rng)
        let status = pick(ConnectionStatus.allCases, &rng)
        var state = SettingsState(currentServer: current, availableServers: servers, connectionStatus: status,
                                  serverSource: pick(ServerSource.allCases, &rng), currentLanguage: pick(AppLanguage.allCases, &rng))
        if chance(0.8, &rng) {
            let checks = CheckEndpoint.allCases.filter { _ in chance(0.8, &rng) }.map { endpoint in
                let failed = chance(0.4, &rng)
                return CheckResult(endpoint: endpoint, url: "https://x/", status: failed ? .failure : .success,
                                   httpStatus: chance(0.8, &rng) ? int(100...599, &rng) : nil,
                                   timings: CheckTimings(totalMs: Double.random(in: 0...120_000, using: &rng)),
                                   error: failed ? error(&rng) : nil)
            }
            state.detailedStatus = DetailedStatus(serverId: chance(0.8, &rng) ? current.id : "other", checks: checks,
                                                  responseTime: chance(0.8, &rng) ? Double.random(in: 0...20_000, using: &rng) : nil,
                                                  lastChecked: Fixtures.now - Double(int(-5...100_000, &rng)))
        }
        if chance(0.4, &rng) {
            let message = AppError(key: pick(["error.timeout.message", "switch.failed", "files.moved_aside", "no.such.key"], &rng),
                                   parameters: ["server": current.id, "previous": "pn51"],
                                   code: chance(0.7, &rng) ? pick(ConnectivityErrorCode.allCases, &rng) : nil,
                                   reason: chance(0.5, &rng) ? error(&rng) : nil)
            state.notices = [Notice(subject: .server(current.id), kind: pick(Notice.Kind.allCases, &rng), message: message,
                                    condition: .untilDismissed, postedAt: Fixtures.now)]
        }
        if chance(0.3, &rng) {
            state.fallback = FallbackInfo(fromServerId: pick(servers, &rng).id, reason: error(&rng),
                                          configuredRecovered: chance(0.5, &rng))
        }
        if chance(0.2, &rng) {
            state.serverSwitchState = ServerSwitchState(isInProgress: true, fromServerId: current.id,
                                                        toServerId: pick(servers, &rng).id,
                                                        progress: chance(0.9, &rng) ? pick(SwitchStep.allCases, &rng) : nil)
        }
        if chance(0.15, &rng) {
            state.loginRequest = LoginRequest(serverId: pick(servers, &rng).id,
                                              failure: chance(0.5, &rng) ? AppError(key: "dialog.login.bad_credentials") : nil,
                                              isSubmitting: chance(0.3, &rng))
        }
        state.environment = pick(AppEnvironment.allCases, &rng)
        state.autoSwitchOnFailure = chance(0.5, &rng)
        state.detailedLogging = chance(0.5, &rng)
        state.caBundle = chance(0.3, &rng) ? "/etc/verbumcare/" + String(repeating: "證書/", count: int(0...20, &rng)) + "ca.pem" : nil
        state.connectionTimeout = int(5...60, &rng)
        for server in servers where chance(0.7, &rng) {
            state.serverStatuses[server.id] = summary(&rng)
        }
        state.responseTimes = (0..<int(0...60, &rng)).map { _ in
            chance(0.1, &rng) ? pick([Double.nan, .infinity, -1], &rng) : Double.random(in: 0...500, using: &rng)
        }
        state.preferences.showCheckDetails = chance(0.8, &rng)
        state.timeline = (0..<int(0...12, &rng)).map { index in
            TimelineEntry(at: Fixtures.now - Double(index * int(1...5000, &rng)), kind: pick(TimelineEntry.Kind.allCases, &rng),
                          serverId: pick(servers, &rng).id, status: chance(0.8, &rng) ? pick(ConnectionStatus.allCases, &rng) : nil,
                          previousDuration: chance(0.6, &rng) ? Double(int(0...200_000, &rng)) : nil,
                          durationMs: chance(0.6, &rng) ? Double(int(0...20_000, &rng)) : nil,
                          code: chance(0.5, &rng) ? pick(ConnectivityErrorCode.allCases, &rng) : nil)
        }
        state.serverHistory = servers.prefix(int(0...10, &rng)).map { server in
            ServerHistoryEntry(serverId: server.id, lastUsed: Fixtures.now - Double(int(0...900_000, &rng)),
                               successful: chance(0.7, &rng), durationMs: Double(int(1...30_000, &rng)))
        }
        return state
    }

    /// A UI state reached by keys, sometimes with the pane opened and the field filled first.
    static func ui(_ settings: SettingsState, _ rng: inout RNG) -> ScreenState {
        var state = AppState(settings: settings)
        let paneOpen = chance(0.4, &rng)
        state.screen.isSettingsPaneOpen = paneOpen
        for key in keys(&rng, count: 0...40) where !isQuit(key) {
            // The screen slice moves; the settings, and whether the pane is open, stay those of
            // the example.
            _ = AppReducer.reduce(&state, .key(key, at: 0))
            state.settings = settings
            state.screen.isSettingsPaneOpen = paneOpen
        }
        var ui = state.screen
        if chance(0.3, &rng) {
            ui.overlay = .help
            ui.helpScroll = int(0...60, &rng)
        }
        return ui
    }

    static func isQuit(_ key: Key) -> Bool {
        key == .character("q") || key == .function(10) || key == .ctrl("c")
    }

    struct Case: CustomStringConvertible {
        var model: ScreenModel
        var width: Int
        var height: Int
        var description: String {
            "\(width)x\(height) \(model.settings.currentLanguage.rawValue) focus=\(model.screen.focus(model.settings)) pane=\(model.screen.isSettingsPaneOpen) "
                + "overlay=\(model.screen.activeOverlay(model.settings)) plain=\(model.options.plain) "
                + "ambiguousWide=\(model.options.metrics.options.ambiguousIsWide) servers=\(model.settings.availableServers.count)"
        }
    }

    static let frames: Shrinking<Case> = shrinking { rng in
        let settings = settings(&rng)
        let ui = ui(settings, &rng)
        let options = RenderOptions(plain: chance(0.3, &rng),
                                    metrics: DisplayWidth(options: WidthOptions(ambiguousIsWide: chance(0.3, &rng))))
        let model = ScreenModel(state: AppState(settings: settings, screen: ui), now: Fixtures.now, options: options)
        let small = chance(0.2, &rng)
        let width = small ? int(0...70, &rng) : int(1...300, &rng)
        let height = small ? int(0...20, &rng) : int(1...100, &rng)
        return Case(model: model, width: width, height: height)
    }

    struct Session: CustomStringConvertible {
        var settings: [SettingsState]
        var keys: [Key]
        var description: String { "\(keys.count) keys over \(settings.count) states" }
    }

    /// Key sequences while the store's state changes underneath (servers removed, notices cleared).
    static let sessions: Shrinking<Session> = shrinking { rng in
        let states = (0..<int(1...4, &rng)).map { _ in settings(&rng) }
        return Session(settings: states, keys: keys(&rng, count: 1...120))
    }
}
