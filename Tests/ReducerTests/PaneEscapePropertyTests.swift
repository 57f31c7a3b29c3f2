import Foundation
import Localization
import PropertyBased
import SettingsUI
import TerminalRendering
import TestSupport
import Testing
@testable import SettingsStore

/// Esc in the settings pane (SPEC §10.3), model-based: random key sequences (open the pane,
/// move, choose a server, Tab, Esc) mixed with effects completing one at a time (so switches
/// run, wait and finish at any point), told to the one reducer. A model says whether the pane
/// is open; at every Esc, a switch in progress is cancelled first and the pane stays and says
/// so; without a switch, Esc from the list leaves the pane.
@Suite("Pane: Esc cancels a switch first (model-based)")
struct PaneEscapePropertyTests {
    enum Action: CustomStringConvertible, Sendable {
        case key(Key)
        /// The oldest pending effect completes (a switch step, a test).
        case step

        var description: String {
            switch self {
            case .key(let key): "\(key)"
            case .step: "step"
            }
        }
    }

    struct Story: CustomStringConvertible, Sendable {
        var language: AppLanguage
        var actions: [Action]
        var description: String { "\(language): " + actions.map(\.description).joined(separator: " ") }
    }

    enum Gen: RandomChoices {
        static let keys: [Key] = [.character("o"), .down, .up, .enter, .escape, .tab]

        static let story = shrinking { rng -> Story in
            let language = pick(AppLanguage.allCases, &rng)
            let actions = (0..<int(1...40, &rng)).map { _ in chance(0.35, &rng) ? Action.step : Action.key(pick(keys, &rng)) }
            return Story(language: language, actions: actions)
        }
    }

    /// The whole app in the exhaustive test store (`ReducerWorld`: settings.json written for
    /// real in a temporary folder, the network's effects answered by doubles, every server up),
    /// with the effects in flight held until a `step` runs the oldest one.
    struct World {
        var world: ReducerWorld
        var state: AppState { world.app }
        var now: Double { world.now }

        init(language: AppLanguage) throws {
            // Random stories check invariants after every event; claiming each change would need a second reducer as oracle.
            world = try ReducerWorld(language: language, claimsState: false)
            // The start's test runs to its end: pn51 in use, connected.
            world.settle()
        }

        mutating func send(_ event: AppEvent) {
            world.send(event)
        }

        mutating func step() {
            guard !world.store.inFlight.isEmpty else { return }
            world.store.runInFlight(at: 0)
        }
    }

    @Test("at every Esc in the pane a running switch is cancelled and the pane stays open and says so; otherwise Esc leaves from the list")
    func escapeOrder() async {
        await propertyCheck(count: 150, input: Gen.story) { story in
            guard var world = try? World(language: story.language) else {
                Issue.record("no temporary folder")
                return
            }
            var paneOpen = false
            for (index, action) in story.actions.enumerated() {
                let before = world.state
                let settings = before.settings
                let focus = before.screen.focus(settings)
                let overlay = before.screen.activeOverlay(settings)
                switch action {
                case .step:
                    world.step()
                case .key(let key):
                    world.send(.key(key, at: world.now))
                    guard overlay == .none else { break }
                    let switching = settings.serverSwitchState.isInProgress
                    switch key {
                    case .character("o") where !paneOpen, .enter where !paneOpen && focus == .openSettings:
                        paneOpen = true
                    case .escape where paneOpen && switching:
                        let after = world.state.settings
                        #expect(!after.serverSwitchState.isInProgress && after.connectivity.activeSwitch == nil,
                                "Esc at \(index) did not cancel the switch")
                        #expect(after.notices.first { $0.subject == .pane }?.message.key == "ui.pane.switch_cancelled_stays",
                                "Esc at \(index): the pane does not say it stays open")
                        let note = Localizer(language: after.currentLanguage).text("ui.pane.switch_cancelled_stays")
                        let frame = ScreenRenderer.render(ScreenModel(state: world.state, now: world.now), width: 100, height: 30)
                        #expect(Self.squashed(frame.buffer.textDump()).contains(Self.squashed(note)),
                                "Esc at \(index): the note is not drawn")
                    case .escape where paneOpen && [.paneList, .connectionTimeout, .autoSwitch, .detailedLogging].contains(focus):
                        paneOpen = false
                    default:
                        break
                    }
                }
                #expect(world.state.screen.isSettingsPaneOpen == paneOpen,
                        "after \(action) (\(index)) the pane is \(world.state.screen.isSettingsPaneOpen ? "open" : "closed")")
                if world.state.screen.isSettingsPaneOpen != paneOpen { return }
            }
        }
    }

    static func squashed(_ text: String) -> String {
        text.filter { !$0.isWhitespace && !"│┌┐└┘─├┤".contains($0) }
    }
}
