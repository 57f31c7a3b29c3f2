import Localization
import SettingsStore
import SettingsUI
import TerminalRendering
import StoreTestSupport
import Testing

/// Stories of the settings pane told to the one reducer in the exhaustive `TestStore` (every
/// change of the whole state and every effect accounted for; timers on its virtual timeline),
/// and drawn in every language.
@Suite("Pane stories (exhaustive)")
struct PaneStoryTests {
    static let now = 1_760_000_000.0
    static let ward = "https://ward3.example.org/api"

    /// pn51, Mac Mini, Mac Mini Tailscale and ward3; `current` in use and configured, connected.
    static func state(current: String, language: AppLanguage) throws -> AppState {
        let servers = ServerCatalog.availableServers(customAddresses: [ward], connectionTimeoutSeconds: 10)
        let server = try #require(servers.first { $0.id == current })
        var settings = SettingsState(currentServer: server, availableServers: servers, connectionStatus: .connected,
                                     serverSource: server.isDefault ? .default : .nativeSettings, currentLanguage: language)
        settings.connectivity.isActive = true
        return AppState(settings: settings)
    }

    static func frame(_ state: AppState) -> String {
        ScreenRenderer.render(ScreenModel(state: state, now: now), width: 100, height: 30).buffer.textDump()
    }

    /// `o`: the pane opens on the configured server and every server is tested.
    static func open(_ store: TestStore) {
        let servers = store.state.settings.availableServers
        let marked = servers.firstIndex { $0.id == store.state.settings.configuredServer.id } ?? 0
        let first = store.state.settings.connectivity.lastGeneration + 1
        store.send(.key(.character("o"), at: now)) { state in
            state.screen.isSettingsPaneOpen = true
            state.screen.paneCursor = marked
            state.screen.paneFocus = .paneList
            state.screen.mainFocus = .openSettings
            for (offset, server) in servers.enumerated() {
                state.settings.connectivity.lastGeneration = first + offset
                state.settings.connectivity.rowTests[server.id] = first + offset
                state.settings.serverStatuses[server.id] = ServerProbeSummary(status: .testing)
            }
        }
        for server in servers {
            store.receive { if case .testRow(let tested, _) = $0 { tested.id == server.id } else { false } }
        }
        // The re-test of rows that age, one probe interval from now.
        let interval = Double(store.state.settings.probeInterval)
        store.receive { $0 == .schedulePaneRetest(after: interval) }
    }

    /// A test of `id` that ran at `at`: healthy, or refused.
    static func result(_ id: String, healthy: Bool, at: Double) -> DetailedStatus {
        let error = healthy ? nil : ConnectivityError(code: .connect, message: "Connection refused")
        let check = CheckResult(endpoint: .health, url: "https://x/health", status: healthy ? .success : .failure,
                                httpStatus: healthy ? 200 : nil, timings: CheckTimings(totalMs: 5), error: error)
        return DetailedStatus(serverId: id, checks: [check], responseTime: healthy ? 5 : nil, lastChecked: at)
    }

    @Test("while the pane is open, rows older than one probe interval are tested again, keeping their words until the answer; the timer ends with the pane")
    func agedRowsAreTestedAgain() throws {
        var initial = try Self.state(current: "pn51", language: .en)
        // pn51 is watched by its own probes: the pane does not test it again.
        initial.settings.connectivity.monitor = ProbeLoop(serverId: "pn51", generation: 0,
                                                          schedule: ProbeSchedule(interval: 10))
        let store = TestStore(initial, at: Self.now)
        Self.open(store)
        let servers = store.state.settings.availableServers
        for server in servers {
            let result = Self.result(server.id, healthy: true, at: Self.now)
            let generation = store.state.settings.connectivity.rowTests[server.id] ?? -1
            store.send(.rowTestCompleted(generation: generation, result: result)) { state in
                state.settings.connectivity.rowTests[server.id] = nil
                state.settings.serverStatuses[server.id] = ServerProbeSummary(result)
            }
        }
        // Five seconds on, nothing is old yet: the timer is set for when the first row will be.
        store.send(.paneRetestTimerFired(at: Self.now + 5))
        store.receive { $0 == .schedulePaneRetest(after: 5) }

        // Ten seconds on every row but pn51's is due; they keep "Connected" with its age.
        let at = Self.now + 10
        let due = servers.map(\.id).filter { $0 != "pn51" }
        let first = store.state.settings.connectivity.lastGeneration + 1
        store.send(.paneRetestTimerFired(at: at)) { state in
            for (offset, id) in due.enumerated() {
                state.settings.connectivity.lastGeneration = first + offset
                state.settings.connectivity.rowTests[id] = first + offset
            }
        }
        for id in due {
            store.receive { if case .testRow(let tested, _) = $0 { tested.id == id } else { false } }
        }
        store.receive { $0 == .schedulePaneRetest(after: 10) }
        #expect(store.state.settings.serverStatuses["mac-mini-tailscale"]?.status == .connected)

        // Mac Mini Tailscale went down meanwhile: its row says so.
        let down = Self.result("mac-mini-tailscale", healthy: false, at: at + 0.02)
        let generation = store.state.settings.connectivity.rowTests["mac-mini-tailscale"] ?? -1
        store.send(.rowTestCompleted(generation: generation, result: down)) { state in
            state.settings.connectivity.rowTests["mac-mini-tailscale"] = nil
            state.settings.serverStatuses["mac-mini-tailscale"] = ServerProbeSummary(down)
        }
        #expect(store.state.settings.serverStatuses["mac-mini-tailscale"]?.status == .error)

        // Leaving the pane cancels the timer; a late tick changes nothing and sets no timer.
        store.send(.key(.escape, at: at + 1)) { $0.screen.isSettingsPaneOpen = false }
        store.receive { $0 == .readSettingsFile }
        store.receive { $0 == .schedulePaneRetest(after: nil) }
        store.send(.paneRetestTimerFired(at: at + 20))
        // In virtual time: an hour passes and no timer fires (the cancelled one is gone).
        store.advance(by: 3600)
        #expect(store.waitingTimers.isEmpty, "\(store.waitingTimers)")
        store.finish()
    }

    @Test("a long list is tested again a batch at a time, the oldest words first")
    func longListsInBatches() {
        let addresses = (1...20).map { "https://w\($0).example.org/api" }
        let servers = ServerCatalog.availableServers(customAddresses: addresses, connectionTimeoutSeconds: 10)
        var settings = SettingsState(currentServer: servers[0], availableServers: servers, connectionStatus: .connected,
                                     serverSource: .default, currentLanguage: .en)
        settings.connectivity.isActive = true
        // The first rows are the oldest.
        for (index, server) in servers.enumerated() {
            settings.serverStatuses[server.id] = ServerProbeSummary(Self.result(server.id, healthy: true,
                                                                                at: Self.now - 100 + Double(index)))
        }
        var state = AppState(settings: settings)
        state.screen.isSettingsPaneOpen = true
        let effects = AppReducer.reduce(&state, .paneRetestTimerFired(at: Self.now))
        let tested = effects.compactMap { effect -> String? in if case .testRow(let server, _) = effect { server.id } else { nil } }
        #expect(tested == servers.prefix(8).map(\.id), "\(tested)")
        #expect(effects.contains(.schedulePaneRetest(after: 1)), "\(effects)")
        // While those run, no other row starts.
        let next = AppReducer.reduce(&state, .paneRetestTimerFired(at: Self.now + 1))
        #expect(!next.contains { if case .testRow = $0 { true } else { false } }, "\(next)")
    }

    @Test("the rows' ages tick with the screen's tick, and only while the pane is open")
    func agesTick() throws {
        var state = try Self.state(current: "pn51", language: .en)
        state.screen.isSettingsPaneOpen = true
        state.settings.serverStatuses["mac-mini"] = ServerProbeSummary(Self.result("mac-mini", healthy: true, at: Self.now - 3.4))
        // pn51 has no test yet, so no "checked N s ago" of its own: the row's age wakes the app.
        let wake = try #require(ScreenTime.secondsUntilChange(state, now: Self.now))
        #expect(abs(wake - 0.6) < 1e-6, "\(wake)")
        #expect(ScreenTime(state: state, now: Self.now).paneAges["mac-mini"] == .seconds(3))
        #expect(ScreenTime(state: state, now: Self.now + wake).paneAges["mac-mini"] == .seconds(4))
        state.screen.isSettingsPaneOpen = false
        #expect(ScreenTime.secondsUntilChange(state, now: Self.now) == nil, "a closed pane wakes nothing")
        #expect(ScreenTime(state: state, now: Self.now).paneAges.isEmpty)
    }

    @Test("each row says how old its word is, in the run's language", arguments: AppLanguage.allCases)
    func rowsShowTheirAge(language: AppLanguage) throws {
        var state = try Self.state(current: "pn51", language: language)
        state.screen.isSettingsPaneOpen = true
        state.settings.serverStatuses["mac-mini-tailscale"] = ServerProbeSummary(Self.result("mac-mini-tailscale", healthy: true,
                                                                                            at: Self.now - 45))
        let frame = Self.frame(state)
        let row = try #require(frame.split(separator: "\n").first { $0.contains("Mac Mini Tailscale") })
        let localizer = Localizer(language: language)
        #expect(row.contains(localizer.text("status.connected")), "\(frame)")
        #expect(row.contains(localizer.text("ui.checked_ago", ["seconds": "45"])), "\(frame)")
    }

    @Test("removing the server in use says first which server will be used instead", arguments: AppLanguage.allCases)
    func removingTheServerInUseWarns(language: AppLanguage) throws {
        let store = TestStore(try Self.state(current: "custom-ward3-example-org", language: language), at: Self.now)
        Self.open(store)
        #expect(store.state.screen.paneCursor == 3)
        let message = AppError(key: "ui.pane.confirm_remove_in_use", parameters: ["address": Self.ward, "server": "pn51"])
        store.send(.key(.delete, at: Self.now)) { state in
            state.screen.overlay = .confirm(ConfirmDialog(message: message,
                                                          action: .removeCustomServer(id: "custom-ward3-example-org")))
        }
        let localizer = Localizer(language: language)
        let worded = localizer.text("ui.pane.confirm_remove_in_use",
                                    ["address": Self.ward, "server": localizer.text("server.pn51.name")])
        #expect(squashed(Self.frame(store.state)).contains(squashed(String(worded.prefix(20)))), "\(Self.frame(store.state))")
        // Yes: the removal is asked of settings.json.
        store.send(.key(.tab, at: Self.now)) { state in
            state.screen.overlay = .confirm(ConfirmDialog(message: message, action: .removeCustomServer(id: "custom-ward3-example-org"),
                                                          isYesFocused: true))
        }
        store.send(.key(.enter, at: Self.now)) { state in state.screen.overlay = .none }
        store.receive { $0 == .writeSettings(.removeCustom(address: Self.ward)) }
        store.finish()
    }

    @Test("removing a server not in use asks without the warning")
    func removingAnotherServer() throws {
        let store = TestStore(try Self.state(current: "pn51", language: .en), at: Self.now)
        Self.open(store)
        store.send(.key(.down, at: Self.now)) { $0.screen.paneCursor = 1 }
        store.send(.key(.down, at: Self.now)) { $0.screen.paneCursor = 2 }
        store.send(.key(.down, at: Self.now)) { $0.screen.paneCursor = 3 }
        store.send(.key(.delete, at: Self.now)) { state in
            state.screen.overlay = .confirm(ConfirmDialog(message: AppError(key: "ui.pane.confirm_remove",
                                                                           parameters: ["address": Self.ward]),
                                                          action: .removeCustomServer(id: "custom-ward3-example-org")))
        }
        store.finish()
    }

    @Test("the pane's answer to an action goes with the next key", arguments: AppLanguage.allCases)
    func paneNotesGoWithTheNextKey(language: AppLanguage) throws {
        let store = TestStore(try Self.state(current: "pn51", language: language), at: Self.now)
        Self.open(store)
        store.send(.key(.delete, at: Self.now)) { state in
            NoticeBoard.postPaneNote(AppError(key: "ui.pane.cannot_remove_prefilled"), kind: .error, at: Self.now,
                                     in: &state.settings)
        }
        let note = Localizer(language: language).text("ui.pane.cannot_remove_prefilled")
        #expect(squashed(Self.frame(store.state)).contains(squashed(note)))
        store.send(.key(.down, at: Self.now)) { state in
            state.settings.notices = []
            state.screen.paneCursor = 1
        }
        #expect(!squashed(Self.frame(store.state)).contains(squashed(note)))
        store.finish()
    }

    @Test("a removed server is named by its address afterwards, never by its id")
    func removedServersKeepTheirNames() throws {
        var state = try Self.state(current: "pn51", language: .en)
        state.settings.timeline = [TimelineEntry(at: Self.now, kind: .switchFailed, serverId: "custom-ward3-example-org",
                                                 code: .timeout)]
        let load = SettingsFileLoad(settings: .defaults, problems: [], existed: true)
        _ = AppReducer.reduce(&state, .settingsFileRead(load, at: Self.now))
        #expect(!state.settings.availableServers.contains { $0.id == "custom-ward3-example-org" })
        let frame = Self.frame(state)
        #expect(frame.contains("ward3.example.org"), "\(frame)")
        #expect(!frame.contains("custom-ward3"), "\(frame)")
    }
}
