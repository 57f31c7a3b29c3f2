import Foundation
import PropertyBased
import TerminalRendering
import TestSupport
import Testing
@testable import SettingsStore

/// Issue 25: a fact is kept once in the state. What can be derived is not a stored field that
/// another step keeps in line (that copy could drift): the fields are gone, and after every
/// event of random stories the derived values agree with their source.
@Suite("Facts kept once")
struct FactsKeptOnceTests: RandomChoices {
    static func storedFields(of value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    static let now = 1_800_000_000.0

    /// The app's state with its connectivity running (a sign-in is asked only then).
    static func runningApp() -> AppState {
        var settings = SettingsState(currentServer: ServerCatalog.defaultServer, availableServers: ServerCatalog.prefilled)
        settings.connectivity.isActive = true
        return AppState(settings: settings)
    }

    @Test func theWatchKeepsNoCopyOfTheFallback() throws {
        let fields = Self.storedFields(of: WatchState())
        #expect(fields.contains("fallbackStart"), "the mirror sees the watch's fields: \(fields)")
        #expect(!fields.contains("fallback"), "watch.fallback is derived from settings.fallback, not stored: \(fields)")
        let reducer = try String(contentsOf: OneWayForStateTests.sources
            .appendingPathComponent("AppCore/Watch/WatchReducer.swift"), encoding: .utf8)
        #expect(!reducer.contains("followFallback"), "nothing reconciles a copy of the fallback after timed events")
    }

    /// What the removed copy stood for, checked after every event: the watch's fallback is
    /// `settings.fallback` (once known), with a start that lasts exactly as long as the
    /// fallback and holds while the spell goes on.
    @Test("after every event of 100 random stories, the derived facts agree with their source")
    func derivedFactsAgreeAfterEveryEvent() async {
        await propertyCheck(count: 100, input: ReducerPropertyTests.stories) { steps in
            await Task.yield()
            // Random stories check invariants after every event; claiming each change would need a second reducer as oracle.
            guard var world = try? ReducerWorld(claimsState: false) else {
                Issue.record("could not make a temporary settings file")
                return
            }
            var done: [String] = []
            var spell = world.app.watch.fallback(settings: world.state)
            for step in steps {
                ReducerPropertyTests.apply(step, to: &world)
                done.append(step.description)
                let context = done.joined(separator: " → ")
                let state = world.state
                let now = world.app.watch.fallback(settings: state)
                if !state.isUnchecked, !state.serverSwitchState.isInProgress {
                    #expect(now?.fromServerId == state.fallback?.fromServerId && now?.reason == state.fallback?.reason,
                            "the watch's fallback \(String(describing: now)), the app's \(String(describing: state.fallback)) — \(context)")
                    // The start is the watch's only fact about the fallback: it lasts as long as it.
                    #expect((world.app.watch.fallbackStart == nil) == (state.fallback == nil),
                            "the spell's start \(String(describing: world.app.watch.fallbackStart)) with the fallback \(String(describing: state.fallback)) — \(context)")
                }
                if let before = spell, let now, before.fromServerId == now.fromServerId {
                    #expect(now.since == before.since, "the spell from \(now.fromServerId) kept its start — \(context)")
                }
                spell = now
            }
        }
    }

    @Test func aKeystrokeOfTheSignInFormIsNotASettingsEvent() throws {
        let request = LoginRequest(serverId: "pn51")
        #expect(Self.storedFields(of: request).contains("serverId"))
        #expect(!Self.storedFields(of: request).contains("form"), "the form is the screen's")
        #expect(Self.storedFields(of: ScreenState()).contains("loginForm"))
        let events = try String(contentsOf: OneWayForStateTests.sources
            .appendingPathComponent("AppCore/Reducer/AppEvent.swift"), encoding: .utf8)
        #expect(!events.contains("signInFormEdited"), "typing is not a settings event")
    }

    enum SignInStep: Equatable {
        case request(String, sessionEnded: Bool)
        case dismiss
        case type(Character)
        case erase
        case tab
        case enter
        case signedIn(String, username: String)
        case failed(String)
    }

    static let signInStories = shrinking { rng in
        (0..<int(1...25, &rng)).map { _ -> SignInStep in
            let server = pick(["pn51", "mac-mini"], &rng)
            switch int(0...9, &rng) {
            case 0: return .request(server, sessionEnded: chance(0.5, &rng))
            case 1: return .dismiss
            case 2...4: return .type(pick(["a", "b", "x", "7"], &rng))
            case 5: return .erase
            case 6: return .tab
            case 7: return .enter
            case 8: return .signedIn(server, username: pick(["nurse.tanaka", "dr.sato"], &rng))
            default: return .failed(server)
            }
        }
    }

    /// The form lives exactly as long as the request it answers: what is typed (a password
    /// above all) never outlives the dialog, and a dialog for another server (or reason)
    /// starts with that server's last user name and no password.
    @Test("after every event of 200 random sign-in stories, the screen's form follows the settings' request")
    func theSignInFormFollowsItsRequest() async {
        await propertyCheck(count: 200, input: Self.signInStories) { steps in
            var state = Self.runningApp()
            let at = Self.now
            for step in steps {
                let before = state.settings.loginRequest
                let event: AppEvent = switch step {
                case let .request(id, ended): .signInRequested(serverId: id, sessionEnded: ended, at: at)
                case .dismiss: .signInDismissed
                case .type(let character): .key(.character(character), at: at)
                case .erase: .key(.backspace, at: at)
                case .tab: .key(.tab, at: at)
                case .enter: .key(.enter, at: at)
                case let .signedIn(id, name): .signedIn(serverId: id, username: name, at: at)
                case .failed(let id): .signInFailed(serverId: id, error: AppError(key: "dialog.login.bad_credentials"))
                }
                _ = AppReducer.reduce(&state, event)
                let request = state.settings.loginRequest
                #expect((state.screen.loginForm == nil) == (request == nil),
                        "the form \(String(describing: state.screen.loginForm)) with the request \(String(describing: request)) after \(step) in \(steps)")
                if let request, request.serverId != before?.serverId || request.reason != before?.reason {
                    #expect(state.screen.loginForm == LoginForm(username: state.settings.lastUserNames[request.serverId] ?? ""),
                            "a new dialog starts with the last user name and no password, after \(step) in \(steps)")
                }
            }
        }
    }

    @Test func whetherThePaneIsOpenIsTheScreens() {
        #expect(Self.storedFields(of: ScreenState()).contains("isSettingsPaneOpen"))
        #expect(!Self.storedFields(of: Self.runningApp().settings).contains("isSettingsPaneOpen"),
                "the settings slice holds settings only")
    }

    enum PaneStep: Equatable {
        case key(Key)
        case opened
        case closed
        case noted
    }

    static let paneStories = shrinking { rng in
        (0..<int(1...25, &rng)).map { _ -> PaneStep in
            switch int(0...6, &rng) {
            case 0: .opened
            case 1: .closed
            case 2: .noted
            default: .key(pick([.character("o"), .escape, .tab, .enter, .down, .character("?")], &rng))
            }
        }
    }

    /// The pane opens and closes in the screen slice, whoever asks (a key, or the store's
    /// `openNativeSettings` sending `paneOpened` itself), and the settings reducer, which reads
    /// it, never leaves the pane's answer on screen once the pane is closed.
    @Test("after every event of 200 random pane stories, the screen's pane and the pane's notes agree")
    func thePaneIsOneFact() async {
        await propertyCheck(count: 200, input: Self.paneStories) { steps in
            var state = Self.runningApp()
            let at = Self.now
            for step in steps {
                let event: AppEvent = switch step {
                case .key(let key): .key(key, at: at)
                case .opened: .paneOpened(at: at)
                case .closed: .paneClosed(at: at)
                case .noted: .paneNoted(AppError(key: "ui.pane.saved"), kind: .goodNews, at: at)
                }
                _ = AppReducer.reduce(&state, event)
                let open = state.screen.isSettingsPaneOpen
                #expect(open || !state.settings.notices.contains { $0.subject == .pane },
                        "a pane note with the pane closed after \(step) in \(steps)")
                #expect(state.screen.focus(state.settings).isInPane == open,
                        "focus \(state.screen.focus(state.settings)) with the pane \(open ? "open" : "closed") after \(step) in \(steps)")
            }
        }
    }
}
