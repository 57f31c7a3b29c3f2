import PropertyBased
@testable import SettingsStore

/// A random story for the monitor's watch: a script of results per server (runs of ups and
/// downs, a run of one down being a blip), and what happens meanwhile: rounds, mutes of one
/// server or of all, unmutes, restarts. Built only from the library's combinators (zip, map,
/// array), so a failing story shrinks: fewer actions, shorter scripts, fewer downs (0 is up),
/// actions turning into single rounds, shorter mutes and gaps, one up-confirmation.
struct WatchStory: CustomStringConvertible {
    enum Action: Equatable, CustomStringConvertible {
        case rounds(Int)
        /// nil: `--all`.
        case mute(Int?, seconds: Int)
        case unmute(Int?)
        case restart(gap: Int)
        /// The webhook answers 503 for this long.
        case webhookDown(seconds: Int)

        var description: String {
            switch self {
            case .rounds(let n): "\(n) rounds"
            case let .mute(server, seconds): "mute \(server.map { "s\($0)" } ?? "--all") \(seconds)s"
            case .unmute(let server): "unmute \(server.map { "s\($0)" } ?? "--all")"
            case .restart(let gap): "restart (\(gap)s)"
            case .webhookDown(let seconds): "webhook down \(seconds)s"
            }
        }
    }

    var upConfirmations: Int
    /// Per server (in `availableServers` order): each test's result, true = up.
    var scripts: [[WatchWorld.Probe]]
    var actions: [Action]

    var description: String {
        let scripts = scripts.enumerated().map { index, script in
            "s\(index): " + script.map(\.description).joined()
        }
        return "up after \(upConfirmations); " + scripts.joined(separator: "; ") + "; "
            + actions.map(\.description).joined(separator: " → ")
    }

    /// Plays the story in a new world and drains it (servers up, mutes over, incidents closed).
    func play(isRecording: Bool = true, incidents: [WatchWorld.StoredIncident] = []) -> WatchWorld {
        let ids = WatchWorld.hydrated(upConfirmations: upConfirmations).settings.availableServers.map(\.id)
        var byId: [String: [WatchWorld.Probe]] = [:]
        for (index, script) in scripts.enumerated() where index < ids.count { byId[ids[index]] = script }
        var world = WatchWorld(scripts: byId, upConfirmations: upConfirmations, isRecording: isRecording,
                               incidents: incidents)
        for action in actions {
            switch action {
            case .rounds(let n): world.rounds(n)
            case let .mute(server, seconds): world.mute(server.map { ids[$0] }, seconds: seconds)
            case .unmute(let server): world.unmute(server.map { ids[$0] })
            case .restart(let gap): world.restart(gap: gap)
            case .webhookDown(let seconds): world.webhookDown(seconds: seconds)
            }
        }
        world.drain()
        return world
    }
}

enum WatchStoryGen {
    /// Runs of results: 0 is up, 1 is down; 1 to 4 of each.
    static let script = zip(Gen.int(in: 0...1), Gen.int(in: 1...4)).array(of: 0...10).map { runs in
        runs.flatMap { down, length in
            Array(repeating: WatchWorld.Probe(ok: down == 0, certificate: nil), count: length)
        }
    }

    static let action = zip(Gen.int(in: 0...9), Gen.int(in: 0...3), Gen.int(in: 0...12)).map { kind, target, amount in
        let server: Int? = target == 3 ? nil : target
        switch kind {
        case 0...4: return WatchStory.Action.rounds(1 + amount % 4)
        case 5...6: return .mute(server, seconds: 5 + amount * 10)
        case 7: return .unmute(server)
        default: return .restart(gap: 1 + amount * 5)
        }
    }

    static let story = zip(Gen.int(in: 1...3), script.array(of: 3), action.array(of: 1...25))
        .map { WatchStory(upConfirmations: $0, scripts: $1, actions: $2) }

    /// Stories for delivery: the actions above, restarts a second after a change more often
    /// (while the hanging hook runs), and the webhook going down for a while.
    static let deliveryAction = zip(Gen.int(in: 0...11), Gen.int(in: 0...3), Gen.int(in: 0...12)).map { kind, target, amount in
        let server: Int? = target == 3 ? nil : target
        switch kind {
        case 0...4: return WatchStory.Action.rounds(1 + amount % 4)
        case 5: return .mute(server, seconds: 5 + amount * 10)
        case 6: return .unmute(server)
        case 7...8: return .restart(gap: 1 + amount * 5)
        default: return .webhookDown(seconds: 5 + amount * 15)
        }
    }

    static let deliveryStory = zip(Gen.int(in: 1...3), script.array(of: 3), deliveryAction.array(of: 1...25))
        .map { WatchStory(upConfirmations: $0, scripts: $1, actions: $2) }

    /// Stories of restarts inside mutes: a mute first, then rounds, restarts with short gaps
    /// (often several inside one mute), more mutes and now and then an unmute.
    static let mutedRestartAction = zip(Gen.int(in: 0...9), Gen.int(in: 0...3), Gen.int(in: 0...12)).map { kind, target, amount in
        let server: Int? = target == 3 ? nil : target
        switch kind {
        case 0...3: return WatchStory.Action.rounds(1 + amount % 3)
        case 4...6: return .restart(gap: 1 + amount % 4 * 3)
        case 7...8: return .mute(server, seconds: 5 + amount * 10)
        default: return .unmute(server)
        }
    }

    static let mutedRestartStory = zip(Gen.int(in: 1...3), script.array(of: 3), Gen.int(in: 0...3), Gen.int(in: 0...12),
                                       mutedRestartAction.array(of: 1...20))
        .map { up, scripts, target, amount, actions in
            WatchStory(upConfirmations: up, scripts: scripts,
                       actions: [.mute(target == 3 ? nil : target, seconds: 20 + amount * 10)] + actions)
        }

    /// Certificates seen by each round of a server (always up): days left fall by 0 to 6 a
    /// round, sometimes rise by one (clocks, rounding), and a replaced certificate (a new
    /// fingerprint) starts again from 0 to 45 days. Rounds and restarts only.
    static let certificateScript = zip(Gen.int(in: 0...45),
                                       zip(Gen.int(in: 0...7), Gen.int(in: 0...6), Gen.int(in: 0...45)).array(of: 1...30))
        .map { first, steps in
            var serial = 0
            var days = first
            var probes = [WatchWorld.Probe(ok: true, certificate: .init(sha256: "c0", daysLeft: days))]
            for (kind, drop, fresh) in steps {
                switch kind {
                case 7:
                    serial += 1
                    days = fresh
                case 6: days += 1
                default: days -= drop
                }
                probes.append(WatchWorld.Probe(ok: true, certificate: .init(sha256: "c\(serial)", daysLeft: days)))
            }
            return probes
        }

    static let certificateAction = zip(Gen.int(in: 0...5), Gen.int(in: 0...12)).map { kind, amount in
        kind < 5 ? WatchStory.Action.rounds(1 + amount % 4) : .restart(gap: 1 + amount * 5)
    }

    static let certificateStory = zip(certificateScript.array(of: 3), certificateAction.array(of: 1...20))
        .map { WatchStory(upConfirmations: 2, scripts: $0, actions: $1) }
}
