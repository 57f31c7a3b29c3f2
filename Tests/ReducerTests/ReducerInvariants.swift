import Localization
import SettingsUI
import Testing
@testable import SettingsStore

/// What must hold after every event, whatever happened before: the screen, settings.json and
/// the state tell one story. Each check is written from the meaning of the state, not from
/// the reducer's own conditions, so a wrong condition in the reducer is caught.
enum ReducerInvariants {
    static func check(_ world: ReducerWorld, _ context: @autoclosure () -> String) {
        let state = world.state
        // settings.json and the state agree on the configured server.
        let file = world.fileResolution
        #expect(file.configuredServer.id == state.configuredServer.id && file.source == state.configuredSource,
                "configured \(state.configuredServer.id) but the file says \(file.configuredServer.id) — \(context())")

        // app-state.json holds what the state says once it differs from what was loaded (every
        // change is saved: a dropped `persistAppState` leaves the file behind).
        let persisted = PersistedAppState(state)
        if persisted != world.loadedAppState {
            #expect(world.appStateFile.load().state == persisted,
                    "app-state.json says \(world.appStateFile.load().state), the state \(persisted) — \(context())")
        }
        // The runner tests with the TLS settings the state holds (`updateTransport`).
        if (state.caBundle, state.certWarningDays) != world.loadedTransport {
            #expect(world.transport?.caBundle == state.caBundle && world.transport?.certWarningDays == state.certWarningDays,
                    "the runner tests with \(String(describing: world.transport)) — \(context())")
        }
        // The watch follows the fallback once it is known (the watch slice, composed).
        if !state.isUnchecked, !state.serverSwitchState.isInProgress {
            #expect(world.app.watch.fallback(settings: state)?.fromServerId == state.fallback?.fromServerId,
                    "the watch's fallback \(String(describing: world.app.watch.fallback(settings: state)?.fromServerId)), the app's \(String(describing: state.fallback?.fromServerId)) — \(context())")
        }

        // Which server is in use is one story.
        if state.connectivity.activeSwitch == nil && state.connectivity.isActive {
            if state.serverSource == .fallback {
                #expect(state.fallback?.fromServerId == state.configuredServer.id, "fallback from the configured server — \(context())")
                #expect(state.currentServer.id == FallbackPolicy.fallbackServerId, "fallback uses pn51 — \(context())")
            } else {
                #expect(state.fallback == nil, "no fallback info without a fallback — \(context())")
                #expect(state.currentServer.id == state.configuredServer.id,
                        "in use \(state.currentServer.id), configured \(state.configuredServer.id) — \(context())")
            }
        }
        // A fallback never holds the app on a dead server while the configured server answers
        // (SPEC §6.5): pn51 in error and the app's latest word on the configured server (the
        // background watch's or the pane's) "connected" means a switch back is under way.
        if state.connectivity.isActive, state.connectivity.activeSwitch == nil, state.serverSource == .fallback,
           state.connectionStatus == .error, let from = state.fallback?.fromServerId {
            #expect(state.serverStatuses[from]?.status != .connected,
                    "held on \(state.currentServer.id) in error while \(from) answers — \(context())")
        }
        // Never connected without a successful health check of that very server.
        if state.connectionStatus == .connected {
            #expect(state.detailedStatus?.serverId == state.currentServer.id && state.detailedStatus?.isHealthy == true,
                    "connected without a health success — \(context())")
        }

        // At most one notice per subject.
        #expect(Set(state.notices.map(\.subject)).count == state.notices.count, "two notices about one subject — \(context())")
        for notice in state.notices {
            checkNotice(notice, state, context())
        }

        // What the header says is in use is the current server.
        let frame = ScreenRenderer.render(ScreenModel(state: AppState(settings: state), now: world.now),
                                          width: 100, height: 30)
        let header = frame.buffer.textDump().split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let name = Localizer(language: state.currentLanguage).text("server.\(state.currentServer.id).name")
        #expect(header.contains(name), "header \(header) does not name \(name) — \(context())")
    }

    /// No notice contradicts the status, good news never looks like an error, and every text
    /// is a catalog text with all its parameters filled, in every language.
    private static func checkNotice(_ notice: Notice, _ state: SettingsState, _ context: String) {
        let key = notice.message.key
        switch key {
        case "notice.fallback":
            #expect(state.fallback != nil && state.fallback?.configuredRecovered == false && state.connectionStatus != .error,
                    "fallback notice while \(state.connectionStatus) — \(context)")
        case "notice.switch_back_offer":
            #expect(state.fallback?.configuredRecovered == true && notice.kind == .goodNews, "offer — \(context)")
        case "notice.all_unreachable":
            #expect(state.connectionStatus != .connected, "both unreachable while connected — \(context)")
        case "switch.failed":
            if case .server(let id) = notice.subject {
                #expect(!(id == state.currentServer.id && state.connectionStatus == .connected),
                        "switch to \(id) failed, yet it is connected — \(context)")
            }
        default:
            // Read from the text's own parameters, not from what the reducer filed it under.
            if key.hasPrefix("error."), let id = notice.message.parameters["server"] {
                let connected = id == state.currentServer.id
                    ? state.connectionStatus == .connected : state.serverStatuses[id]?.status == .connected
                #expect(!connected, "\(key) for connected \(id) — \(context)")
            }
        }
        if notice.kind == .goodNews { #expect(!key.hasPrefix("error."), "good news with an error text — \(context)") }
        for language in AppLanguage.allCases {
            let localizer = Localizer(language: language)
            #expect(localizer.hasText(key), "\(key) is not in the \(language) catalog — \(context)")
            let text = ConnectivityMessages.render(notice.message, serverName: { $0 }) { localizer.text($0, $1) }
            #expect(!text.contains("{"), "unfilled parameter in \(text) — \(context)")
            for code in ConnectivityErrorCode.allCases {
                #expect(!text.contains("(\(code.rawValue))"), "raw code in \(text) — \(context)")
            }
        }
    }
}
