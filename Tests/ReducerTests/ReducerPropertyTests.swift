import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// Random stories: servers going down, hanging and coming back; people choosing servers,
/// pressing Esc, `s` and `r`, opening and leaving the pane, editing settings.json by hand
/// (valid and not); effects finishing in any order; timers firing. The invariants hold after
/// every step.
@Suite("Reducer properties")
struct ReducerPropertyTests: RandomChoices {
    enum Step: Equatable, CustomStringConvertible {
        case health(String, ReducerWorld.Health)
        case choose(String)
        case escape
        case switchBack
        case testNow
        case openPane
        case closePane
        case handEdit(String)
        case completeEffect(Int)
        case fireTimer
        case dismiss
        case autoSwitch(Bool)

        var description: String {
            switch self {
            case let .health(id, health): "\(id)=\(health)"
            case let .choose(id): "choose \(id)"
            case .escape: "Esc"
            case .switchBack: "s"
            case .testNow: "r"
            case .openPane: "o"
            case .closePane: "leave pane"
            case let .handEdit(json): "edit \(json)"
            case let .completeEffect(n): "complete #\(n)"
            case .fireTimer: "timer"
            case .dismiss: "dismiss"
            case let .autoSwitch(on): "auto switch \(on)"
            }
        }
    }

    static let ids = ["pn51", "mac-mini", "mac-mini-tailscale"]
    static let addresses = ["pn51": "https://verbumcare-lab.local/api", "mac-mini": "https://verbumcaremac-mini/api",
                            "mac-mini-tailscale": "https://verbumcarenomac-mini.local/api"]
    static let edits = [
        #"{"backend_server_address": "https://verbumcaremac-mini/api"}"#,
        #"{"backend_server_address": "https://verbumcarenomac-mini.local/api", "connection_timeout": 5}"#,
        #"{}"#,
        #"{"backend_server_address": "http://nope", "connection_timeout": 99, "auto_switch_on_failure": "yes"}"#,
        #"{"backend_server_address": "https://verbumcare-lab.local/api", "probe_interval": -1}"#,
        "{ not json",
    ]

    /// One random step; servers change more rarely than effects finish and timers fire.
    static func step(_ rng: inout RNG) -> Step {
        let kind = int(0...24, &rng)
        switch kind {
        case 0...2:
            let health = pick([ReducerWorld.Health.up, .down, .hanging], &rng)
            return .health(pick(ids, &rng), health)
        case 3...4: return .choose(pick(ids, &rng))
        case 5: return .escape
        case 6: return .switchBack
        case 7: return .testNow
        case 8: return .openPane
        case 9: return .closePane
        case 10...11: return .handEdit(pick(edits, &rng))
        case 12...18: return .completeEffect(int(0...7, &rng))
        case 19...22: return .fireTimer
        case 23: return .dismiss
        default: return .autoSwitch(chance(0.5, &rng))
        }
    }

    /// Mostly 30 events; a failure shrinks to fewer (the simplest draw is the shortest story).
    static let stories = shrinking { rng in
        (0..<(chance(0.9, &rng) ? 30 : int(1...29, &rng))).map { _ in step(&rng) }
    }

    @Test("after every event of 100 random stories of up to 30 events, the state, settings.json and the screen agree")
    func invariantsHoldAfterEveryEvent() async {
        await propertyCheck(count: 100, input: Self.stories) { steps in
            // The whole check is about half a minute of CPU: between stories, the other tests of the
            // run get the shared threads (a test holding one for that long starved the rest).
            await Task.yield()
            // Random stories check invariants after every event; claiming each change would need a second reducer as oracle.
            guard var world = try? ReducerWorld(claimsState: false) else {
                Issue.record("could not make a temporary settings file")
                return
            }
            var done: [String] = []
            ReducerInvariants.check(world, "at start")
            for step in steps {
                Self.apply(step, to: &world)
                done.append(step.description)
                ReducerInvariants.check(world, done.joined(separator: " → "))
            }
            // Left alone, every story comes to rest: no switch hangs forever.
            for _ in 0..<40 where world.state.connectivity.activeSwitch != nil {
                if world.pending.contains(where: { !$0.isTimer }) { world.settle() } else { world.fireNextTimer() }
            }
            #expect(world.state.connectivity.activeSwitch == nil, "a switch never ended: \(done.joined(separator: " → "))")
            ReducerInvariants.check(world, done.joined(separator: " → ") + " → rest")
        }
    }

    static func apply(_ step: Step, to world: inout ReducerWorld) {
        switch step {
        case let .health(id, health): world.health[id] = health
        case let .choose(id):
            world.send(.settingsChangeRequested(.select(address: addresses[id] ?? "")))
        case .escape: world.send(.switchCancelled(at: world.now))
        case .switchBack: world.send(.switchBackRequested(at: world.now))
        case .testNow: world.send(.testRequested(at: world.now))
        case .openPane: world.send(.paneOpened(at: world.now))
        case .closePane:
            world.send(.paneClosed(at: world.now))
            world.send(.settingsFileRead(world.file.load(), at: world.now))
        case let .handEdit(json): try? world.handEdit(json)
        case let .completeEffect(n):
            let effects = world.pending.indices.filter { !world.pending[$0].isTimer }
            if !effects.isEmpty { world.complete(at: effects[n % effects.count]) }
        case .fireTimer: world.fireNextTimer()
        case .dismiss: world.send(.noticeDismissed(nil))
        case let .autoSwitch(on): world.send(.settingsChangeRequested(.autoSwitchOnFailure(on)))
        }
    }
}
