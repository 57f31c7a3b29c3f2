import Localization
import SettingsStore
import SettingsUI
import TerminalRendering

/// Screen benchmarks (docs/PRODUCT.md: Performance targets): complete frames of the real screens through `ScreenRenderer`,
/// from state to cells, and the language switch from key press to the diff the terminal gets.
/// Prints one line per figure (mean and fastest batch per frame) and returns them.
@discardableResult
func runUIBenchmarks(iterations: Int = 2000, only filter: String? = nil) -> [RenderBenchmarkResult] {
    var results: [RenderBenchmarkResult] = []
    /// Measures `name` unless `--only` names another benchmark (for profiling one of them).
    func timed(_ name: String, iterations: Int, _ body: (Int) -> Void) -> [RenderBenchmarkResult] {
        guard filter.map({ name.contains($0) }) ?? true else { return [] }
        return [measure(name, iterations: iterations, body)]
    }
    var sink = 0
    let now = 1_760_000_000.0

    for language in AppLanguage.allCases {
        let settings = UIBenchmarkStates.connected(language: language, customServers: 1)
        let model = ScreenModel(state: AppState(settings: settings), now: now)
        results.append(contentsOf: timed("ui.main-100x30 (\(language.rawValue), full frame)", iterations: iterations) { _ in
            sink &+= ScreenRenderer.render(model, width: 100, height: 30).buffer.width
        })
    }

    let crowded = UIBenchmarkStates.connected(language: .en, customServers: 200)
    var pane = AppState(settings: crowded)
    _ = AppReducer.reduce(&pane, .key(.character("o"), at: now))
    results.append(contentsOf: timed("ui.pane-200-servers-100x30 (full frame, cursor moving)", iterations: iterations) { index in
        var state = pane
        state.screen.paneCursor = index % crowded.availableServers.count
        sink &+= ScreenRenderer.render(ScreenModel(state: state, now: now), width: 100, height: 30).buffer.width
    })

    var help = AppState(settings: crowded)
    help.screen.overlay = .help
    results.append(contentsOf: timed("ui.help-overlay-100x30", iterations: iterations) { _ in
        sink &+= ScreenRenderer.render(ScreenModel(state: help, now: now), width: 100, height: 30).buffer.width
    })

    // Key press to the changes the terminal receives, on the loop's one path: the one reducer,
    // the model, the frame with the memo of the last one's regions (every region changes), the diff.
    var state = AppState(settings: UIBenchmarkStates.connected(language: .ja, customServers: 1))
    var switchMemo = FrameMemo()
    var previous = ScreenRenderer.render(ScreenModel(state: state, now: now), width: 100, height: 30,
                                         memo: &switchMemo).buffer
    results.append(contentsOf: timed("ui.language-switch-100x30 (l → reduce → model → regions → diff)",
                                     iterations: iterations) { _ in
        _ = AppReducer.reduce(&state, .key(.character("l"), at: now))
        let frame = ScreenRenderer.render(ScreenModel(state: state, now: now), width: 100, height: 30,
                                          memo: &switchMemo).buffer
        sink &+= frame.diff(from: previous).count
        previous = frame
    })

    // A second passes on the idle main screen, on the loop's one path: the model, the frame with
    // the regions of the last one (only "checked N s ago" changed), the diff.
    let idle = AppState(settings: UIBenchmarkStates.connected(language: .en, customServers: 1))
    var memo = FrameMemo()
    var shown = ScreenRenderer.render(ScreenModel(state: idle, now: now), width: 100, height: 30, memo: &memo).buffer
    results.append(contentsOf: timed("ui.clock-tick-100x30 (a second passes: model → regions → diff)",
                                     iterations: iterations) { index in
        let model = ScreenModel(state: idle, now: now + Double(index % 100 + 1))
        let frame = ScreenRenderer.render(model, width: 100, height: 30, memo: &memo).buffer
        sink &+= frame.diff(from: shown).count
        shown = frame
    })

    if sink == 42 { print("") }  // keeps the work observable to the optimizer
    return results
}

/// Realistic states for the benchmarks: pn51 healthy, every check run, a full sparkline, and
/// every server in the pane tested.
enum UIBenchmarkStates {
    static func connected(language: AppLanguage, customServers: Int) -> SettingsState {
        let addresses = (0..<customServers).map { "https://ward\($0).care-facility.example.org/api" }
        let servers = ServerCatalog.availableServers(customAddresses: addresses, connectionTimeoutSeconds: 10)
        let pn51 = servers[0]
        let checks = CheckEndpoint.allCases.map { endpoint in
            CheckResult(endpoint: endpoint, url: pn51.baseUrl, status: endpoint == .auth ? .failure : .success,
                        httpStatus: endpoint == .auth ? 401 : 200, timings: CheckTimings(totalMs: 12.4),
                        error: endpoint == .auth ? ConnectivityError(code: .authRequired, message: "401") : nil)
        }
        var statuses: [String: ServerProbeSummary] = [:]
        for (index, server) in servers.enumerated() {
            statuses[server.id] = index % 7 == 3
                ? ServerProbeSummary(status: .error, httpStatus: 502,
                                     error: ConnectivityError(code: .httpStatus, message: "502", parameters: ["status": "502"]))
                : ServerProbeSummary(status: .connected, responseTime: Double(8 + index % 40), httpStatus: 200)
        }
        return SettingsState(
            currentServer: pn51, availableServers: servers, connectionStatus: .connected,
            detailedStatus: DetailedStatus(serverId: pn51.id, checks: checks, responseTime: 12.4, lastChecked: 1_759_999_997),
            serverSource: .nativeSettings, currentLanguage: language,
            notices: [Notice(subject: .server("mac-mini"), kind: .error,
                             message: AppError(key: "error.timeout.message", parameters: ["seconds": "10"], code: .timeout),
                             condition: .untilDismissed, postedAt: 1_759_999_990)],
            serverStatuses: statuses, responseTimes: (0..<30).map { Double(10 + ($0 * 7) % 13) })
    }
}

