import Localization
@testable import SettingsStore

/// The interactive app's watch (`role: .app`): the app's own loop tests the server in use
/// (`probe`, the switch's test, the background test of the configured server) and the watch
/// follows those results; when it records, its rounds test every other server (SPEC §15.2:
/// the recorder, app or monitor alike). Connectivity and round effects are answered from a
/// script of results per server (each test takes the next, then up), each test taking a
/// second; timers fire on a simulated clock. The alert and incident effects are kept as
/// `WatchWorld` keeps them, so `OutageOracle` judges both.
struct AppWatchWorld: WatchRecord {
    private(set) var samples: [String: [WatchWorld.Sample]] = [:]
    let muteChanges: [(at: Double, list: MuteList)] = []
    private(set) var evaluations: [(at: Double, process: Int)] = []
    private(set) var firstSeen: [[String: Double]] = [[:]]
    let lifetimes: [(start: Double, stop: Double?)] = [(start: WatchWorld.start, stop: nil)]
    private(set) var delivered: [(alert: AlertEvent, process: Int)] = []
    private(set) var repeatedKeys: [String] = []
    let upConfirmations: Int
    var serverIds: [String] { state.settings.availableServers.map(\.id) }

    private(set) var state: AppState
    private(set) var now = WatchWorld.start
    private(set) var effects: [AppEffect] = []
    /// The results the app's loop was given, in order (what it must record).
    private(set) var tested: [DetailedStatus] = []
    private var ledger: Set<String> = []
    private var pending: [AppEffect] = []
    /// Timers by the time they are due.
    private var timers: [(due: Double, effect: AppEffect)] = []
    var scripts: [String: [Bool]]
    private var cursor: [String: Int] = [:]

    init(scripts: [String: [Bool]], upConfirmations: Int, isRecording: Bool = true) {
        self.scripts = scripts
        self.upConfirmations = upConfirmations
        state = WatchWorld.hydrated(upConfirmations: upConfirmations)
        send(.watchStarted(role: .app, isRecording: isRecording, recorder: nil, inherited: [], at: now))
        send(.connectivityStarted(at: now))
        settle()
    }

    /// Fires the earliest timer and lets what follows run.
    mutating func fireTimer() {
        guard let index = timers.indices.min(by: { timers[$0].due < timers[$1].due }) else { return }
        let timer = timers.remove(at: index)
        now = max(now, timer.due)
        switch timer.effect {
        case let .scheduleProbe(generation, _): send(.probeTimerFired(generation: generation, at: now))
        case let .scheduleRecoveryProbe(generation, _): send(.recoveryTimerFired(generation: generation, at: now))
        case let .scheduleRound(round, _): send(.roundTimerFired(round: round, at: now))
        default: break
        }
        settle()
    }

    /// Scripts end (every server up), then timers fire until every incident could close.
    mutating func drain() {
        for id in scripts.keys { scripts[id] = Array(scripts[id, default: []].prefix(cursor[id, default: 0])) }
        let until = now + Double(60 * (upConfirmations + 2))
        while now < until, !timers.isEmpty { fireTimer() }
    }

    private mutating func settle() {
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case let .probe(server, generation):
                let result = test(server)
                send(.probeCompleted(generation: generation, result: result, hadToken: false, at: now))
            case let .testSwitchTarget(server, generation):
                let result = test(server)
                send(.switchTestCompleted(generation: generation, result: result, hadToken: false, at: now))
            case let .probeRecovery(server, generation):
                let result = test(server)
                send(.recoveryProbeCompleted(generation: generation, result: result, at: now))
            case let .testServers(servers, round, confirming):
                let results = servers.map { test($0) }
                send(.serversTested(round: round, results: results, confirming: confirming, at: now))
            case let .advanceSwitch(generation, step):
                send(.switchStepCompleted(generation: generation, step: step, at: now))
            case let .saveServerData(_, _, generation):
                send(.switchStepCompleted(generation: generation, step: .savingServerData, at: now))
            case let .restoreServerData(_, generation):
                send(.switchStepCompleted(generation: generation, step: .restoringServerData, at: now))
            default:
                break
            }
        }
    }

    private mutating func test(_ server: ServerConfig) -> DetailedStatus {
        now += 1
        let index = cursor[server.id, default: 0]
        cursor[server.id] = index + 1
        let script = scripts[server.id, default: []]
        let ok = index < script.count ? script[index] : true
        samples[server.id, default: []].append(WatchWorld.Sample(at: now, ok: ok, process: 0, certificate: nil))
        if firstSeen[0][server.id] == nil { firstSeen[0][server.id] = now }
        let result = WatchWorld.result(server, WatchWorld.Probe(ok: ok), at: now)
        tested.append(result)
        return result
    }

    mutating func send(_ event: AppEvent) {
        if let time = event.time { evaluations.append((at: time, process: 0)) }
        for effect in AppReducer.reduce(&state, event) {
            effects.append(effect)
            switch effect {
            case let .scheduleProbe(_, delay):
                // As the runtime does: a new timer of a kind replaces the one waiting.
                timers.removeAll { if case .scheduleProbe = $0.effect { true } else { false } }
                timers.append((due: now + delay, effect: effect))
            case let .scheduleRecoveryProbe(_, delay):
                timers.removeAll { if case .scheduleRecoveryProbe = $0.effect { true } else { false } }
                timers.append((due: now + delay, effect: effect))
            case let .scheduleRound(_, delay):
                timers.removeAll { if case .scheduleRound = $0.effect { true } else { false } }
                timers.append((due: now + delay, effect: effect))
            case .sendAlert(let alert):
                if ledger.contains(alert.ledgerKey) { repeatedKeys.append(alert.ledgerKey) }
                if ledger.insert(alert.ledgerKey).inserted { delivered.append((alert: alert, process: 0)) }
            default:
                pending.append(effect)
            }
        }
    }
}
