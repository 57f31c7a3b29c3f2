import Localization
import StoreTestSupport
import Testing
@testable import SettingsStore

/// The interactive app's watch (`role: .app`): the app's own loop tests the server in use
/// (`probe`, the switch's test, the background test of the configured server) and the watch
/// follows those results; when it records, its rounds test every other server (SPEC §15.2:
/// the recorder, app or monitor alike). The whole `AppReducer` runs in the exhaustive
/// `TestStore`: connectivity and round effects are answered from a script of results per
/// server (each test takes the next, then up), each test taking a second of virtual time;
/// timers fire on the store's timeline. The alert and incident effects are kept as
/// `WatchWorld` keeps them, so `OutageOracle` judges both.
struct AppWatchWorld: WatchRecord {
    /// What the doubles see and record, shared with the store's doubles.
    final class Record {
        var samples: [String: [WatchWorld.Sample]] = [:]
        var firstSeen: [[String: Double]] = [[:]]
        var delivered: [(alert: AlertEvent, process: Int)] = []
        var repeatedKeys: [String] = []
        var tested: [DetailedStatus] = []
        var ledger: Set<String> = []
        var scripts: [String: [Bool]] = [:]
        var cursor: [String: Int] = [:]

        func test(_ server: ServerConfig, at now: Double) -> DetailedStatus {
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
    }

    let store: TestStore
    private let record = Record()
    let muteChanges: [(at: Double, list: MuteList)] = []
    let lifetimes: [(start: Double, stop: Double?)] = [(start: WatchWorld.start, stop: nil)]
    let upConfirmations: Int

    var samples: [String: [WatchWorld.Sample]] { record.samples }
    var firstSeen: [[String: Double]] { record.firstSeen }
    var delivered: [(alert: AlertEvent, process: Int)] { record.delivered }
    var repeatedKeys: [String] { record.repeatedKeys }
    /// The results the app's loop was given, in order (what it must record).
    var tested: [DetailedStatus] { record.tested }
    var state: AppState { store.state }
    var now: Double { store.now }
    /// Every effect the reducer asked for.
    var effects: [AppEffect] { store.produced }
    var serverIds: [String] { state.settings.availableServers.map(\.id) }
    /// Every event's time (the oracle judges alerts at the times the reducer was told).
    var evaluations: [(at: Double, process: Int)] {
        store.times.map { (at: $0, process: 0) }
    }

    init(scripts: [String: [Bool]], upConfirmations: Int, isRecording: Bool = true) {
        self.upConfirmations = upConfirmations
        record.scripts = scripts
        store = TestStore(WatchWorld.hydrated(upConfirmations: upConfirmations), at: WatchWorld.start)
        store.checksState = false
        Self.answer(store, record)
        send(.watchStarted(role: .app, isRecording: isRecording, recorder: nil, inherited: [], at: now))
        send(.connectivityStarted(at: now))
        settle()
    }

    private static func answer(_ store: TestStore, _ record: Record) {
        store.runTimers()
        store.answer([.probe, .testSwitchTarget, .probeRecovery, .testServers]) { effect, _ in
            // Each test takes a second.
            switch effect {
            case let .probe(server, generation):
                [.init(after: 1) { at in
                    .probeCompleted(generation: generation, result: record.test(server, at: at), hadToken: false, at: at) }]
            case let .testSwitchTarget(server, generation):
                [.init(after: 1) { at in
                    .switchTestCompleted(generation: generation, result: record.test(server, at: at), hadToken: false, at: at) }]
            case let .probeRecovery(server, generation):
                [.init(after: 1) { at in
                    .recoveryProbeCompleted(generation: generation, result: record.test(server, at: at), at: at) }]
            case let .testServers(servers, round, confirming):
                [.init(after: 1) { at in
                    .serversTested(round: round, results: servers.map { record.test($0, at: at) }, confirming: confirming, at: at) }]
            default:
                []
            }
        }
        store.answer([.advanceSwitch, .saveServerData, .restoreServerData]) { effect, now in
            switch effect {
            case let .advanceSwitch(generation, step): [.init(.switchStepCompleted(generation: generation, step: step, at: now))]
            case let .saveServerData(_, _, generation):
                [.init(.switchStepCompleted(generation: generation, step: .savingServerData, at: now))]
            case let .restoreServerData(_, generation):
                [.init(.switchStepCompleted(generation: generation, step: .restoringServerData, at: now))]
            default: []
            }
        }
        // Delivered unless its ledger key was delivered before, as the outbox does.
        store.answer(.sendAlert) { effect, _ in
            guard case .sendAlert(let alert) = effect else { return [] }
            if record.ledger.contains(alert.ledgerKey) { record.repeatedKeys.append(alert.ledgerKey) }
            if record.ledger.insert(alert.ledgerKey).inserted { record.delivered.append((alert: alert, process: 0)) }
            return []
        }
        // History and the files report nothing these stories read: the tests read the effects
        // themselves (`effects`), which the store keeps whatever their account.
        store.ignore(.record, .openIncident, .closeIncident, .roundFinished, .pruneHistory, .checkRecorder,
                     .deliverOutbox, .readHistory, .writeStatusPage, .persistAppState, .inspectMDNS, .updateTransport)
    }

    /// Fires the earliest timer and lets what follows run.
    mutating func fireTimer() {
        store.fireNextTimer()
        settle()
    }

    /// Scripts end (every server up), then timers fire until every incident could close.
    mutating func drain() {
        for id in record.scripts.keys {
            record.scripts[id] = Array(record.scripts[id, default: []].prefix(record.cursor[id, default: 0]))
        }
        let until = now + Double(60 * (upConfirmations + 2))
        while now < until, store.nextDueTime != nil { fireTimer() }
    }

    private mutating func settle() {
        store.runToQuiescence()
    }

    mutating func send(_ event: AppEvent) {
        store.send(event)
    }
}
