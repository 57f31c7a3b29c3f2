import Localization
import SettingsStore
import SettingsUI
import TerminalRendering
import Testing

/// Stories of the settings pane told to the one reducer, exhaustively (every change of the
/// state and every effect accounted for), and drawn in every language.
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
    static func open(_ store: inout ExhaustiveStore) {
        let servers = store.state.settings.availableServers
        let marked = servers.firstIndex { $0.id == store.state.settings.configuredServer.id } ?? 0
        let first = store.state.settings.connectivity.lastGeneration + 1
        store.send(.key(.character("o"), at: now)) { state in
            state.settings.isSettingsPaneOpen = true
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
    }

    @Test("removing the server in use says first which server will be used instead", arguments: AppLanguage.allCases)
    func removingTheServerInUseWarns(language: AppLanguage) throws {
        var store = ExhaustiveStore(try Self.state(current: "custom-ward3-example-org", language: language))
        Self.open(&store)
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
        var store = ExhaustiveStore(try Self.state(current: "pn51", language: .en))
        Self.open(&store)
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
        var store = ExhaustiveStore(try Self.state(current: "pn51", language: language))
        Self.open(&store)
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
