import Localization
import StoreTestSupport
import Testing
@testable import SettingsStore

/// The monitor's watch as the runtime drives it, without threads, network or SQLite: the whole
/// `AppReducer` runs in the exhaustive `TestStore` (one per process), in virtual time.
/// `testServers` is answered from a script of results per server (each test takes the next
/// one; when a script runs out the server is up; a confirming re-test answers a second later);
/// `scheduleRound`, `scheduleMuteEnd` and `scheduleDrillEnd` wait on the store's timeline;
/// `sendAlert` is delivered unless its ledger key was delivered before, each delivery taking
/// the virtual time its target takes; `holdAlert`/`dropHeldAlert` keep the outbox's held alerts; `openIncident`/`closeIncident` change an incident table.
/// Every other effect the watch asks for is declared ignored, with why: any new one fails.
/// The table, the ledger, the outbox (its held alerts too) and mutes.json outlive a `restart`, which starts a new
/// process (a new store) from them as `WatchRuntime.start` does (mutes read, then
/// `watchStarted` with the open incidents); the old store's deliveries in flight die with it.
///
/// Times: rounds and their re-tests happen at whole seconds, the story's actions (mute, unmute,
/// restart) at x.25 and mutes end at x.75, so no two things happen at the same moment.
struct WatchWorld {
    struct Probe: Equatable, Sendable, CustomStringConvertible {
        var ok: Bool
        var certificate: Certificate?

        /// `u` up, `D` down, then the certificate: `u(c1 13d)`.
        var description: String {
            (ok ? "u" : "D") + (certificate.map { "(\($0.sha256) \($0.daysLeft)d)" } ?? "")
        }
    }

    struct Certificate: Equatable, Sendable {
        var sha256: String
        var daysLeft: Int
    }

    struct StoredIncident: Equatable {
        var serverId: String
        var start: Double
        var reasonCode: String
        var end: Double?
        var isCertificate: Bool { reasonCode == "cert_expiring" || reasonCode == "tls_expired" }
    }

    struct Sample {
        var at: Double
        var ok: Bool
        var process: Int
        var certificate: Certificate?
    }

    typealias Attempt = (key: String, target: AlertTarget, start: Double, end: Double, status: AlertOutcome.Status, process: Int)

    /// What outlives a process (the history database, the outbox, mutes.json, drills.json),
    /// and what was seen: shared with the store's doubles.
    final class Record {
        var incidents: [StoredIncident]
        var ledger: Set<String> = []
        /// The outbox's held alerts (`holdAlert`), by key: they outlive a process.
        var held: [String: HeldAlert] = [:]
        /// When and by which process each key was first held.
        var heldAt: [String: (at: Double, process: Int)] = [:]
        var delivered: [(alert: AlertEvent, process: Int)] = []
        var mutes = MuteList()
        var drills = DrillLog()
        var muteChanges: [(at: Double, list: MuteList)] = []
        var samples: [String: [Sample]] = [:]
        var firstSeen: [[String: Double]] = []
        var lifetimes: [(start: Double, stop: Double?)] = []
        /// The effects and event times of the processes that ended.
        var pastEffects: [(effect: AppEffect, process: Int)] = []
        var pastEvaluations: [(at: Double, process: Int)] = []
        var repeatedKeys: [String] = []
        var log: [String] = []
        var outbox: [String: [AlertTarget: AlertOutcome.Status?]] = [:]
        var decidedAt: [String: Double] = [:]
        var attempts: [Attempt] = []
        var webhookDown: [(from: Double, to: Double)] = []
        /// Deliveries of this process under way (a restart ends them).
        var inFlight: [(key: String, target: AlertTarget, start: Double, end: Double)] = []
        /// Ledger keys this process asked to send (a second ask is a repeat).
        var emittedKeys: Set<String> = []
        /// Confirming re-tests asked for and not answered yet.
        var retests = 0
        var scripts: [String: [Probe]]
        var cursor: [String: Int] = [:]

        init(scripts: [String: [Probe]], incidents: [StoredIncident]) {
            self.scripts = scripts
            self.incidents = incidents
        }

        var process: Int { lifetimes.count - 1 }
    }

    // MARK: What outlives a process, and what was seen

    private let record: Record
    var incidents: [StoredIncident] { record.incidents }
    var ledger: Set<String> { record.ledger }
    var held: [String: HeldAlert] { record.held }
    var heldAt: [String: (at: Double, process: Int)] { record.heldAt }
    var delivered: [(alert: AlertEvent, process: Int)] { record.delivered }
    var mutes: MuteList { record.mutes }
    /// drills.json (outlives a process; `WatchWorld+Drill.swift` changes it as `drill` does).
    var drills: DrillLog {
        get { record.drills }
        nonmutating set { record.drills = newValue }
    }
    /// mutes.json after each change, in time order (the oracle's view of what was muted when).
    var muteChanges: [(at: Double, list: MuteList)] { record.muteChanges }
    /// Every test of every server, in time order.
    var samples: [String: [Sample]] { record.samples }
    /// The time of every event the reducer was given, and the process it went to.
    var evaluations: [(at: Double, process: Int)] {
        record.pastEvaluations + store.times.map { (at: $0, process: record.process) }
    }
    /// Per process: when each server was first tested (before that the watch does not judge it).
    var firstSeen: [[String: Double]] { record.firstSeen }
    /// Per process: when it started and stopped.
    var lifetimes: [(start: Double, stop: Double?)] { record.lifetimes }
    /// Every effect, with the process that asked for it, however the store accounted for it.
    var effects: [(effect: AppEffect, process: Int)] {
        record.pastEffects + store.produced.map { (effect: $0, process: record.process) }
    }
    /// Ledger keys one process asked to send more than once (the ledger would hide them).
    var repeatedKeys: [String] { record.repeatedKeys }
    var log: [String] { record.log }

    // MARK: Delivery (the outbox outlives a process; deliveries in flight do not)

    /// The targets every alert goes to: a hook that exits at once, one that hangs until the
    /// time limit (10 s), and a webhook that fails while `webhookDown` says it is down (its
    /// three tries take 6 s). The outbox's rows, by key and target; every attempt that ended.
    static let targets: [AlertTarget] = [.hook(path: "10-ok"), .hook(path: "20-hang"), .webhook(url: "https://w/x")]
    var outbox: [String: [AlertTarget: AlertOutcome.Status?]] { record.outbox }
    var decidedAt: [String: Double] { record.decidedAt }
    var attempts: [Attempt] { record.attempts }
    /// When the webhook does not answer: [from, to) intervals.
    var webhookDown: [(from: Double, to: Double)] { record.webhookDown }

    // MARK: The process

    /// The process running now.
    private(set) var store: TestStore
    var state: AppState { store.state }
    var now: Double { store.now }
    let role: WatchState.Role
    let isRecording: Bool
    let upConfirmations: Int

    var scripts: [String: [Probe]] { record.scripts }

    static let start: Double = 1_800_000_000

    init(scripts: [String: [Probe]], upConfirmations: Int = 2, isRecording: Bool = true,
         incidents: [StoredIncident] = []) {
        record = Record(scripts: scripts, incidents: incidents)
        self.upConfirmations = upConfirmations
        self.isRecording = isRecording
        role = .monitor
        store = TestStore(Self.hydrated(upConfirmations: upConfirmations), at: Self.start)
        startProcess(at: Self.start)
    }

    /// An app state after `loaded`, with `alert_up_confirmations` set.
    static func hydrated(upConfirmations: Int) -> AppState {
        let defaults = NativeSettingsResolver(environment: .production).resolve(.defaults)
        var state = AppState(settings: SettingsState(currentServer: defaults.configuredServer,
                                                     availableServers: defaults.availableServers,
                                                     currentLanguage: .en, environment: .production))
        let settings = NativeSettings(alertUpConfirmations: upConfirmations)
        _ = AppReducer.reduce(&state, .loaded(settings: SettingsFileLoad(settings: settings, problems: [], existed: true),
                                              appState: AppStateFileLoad(state: PersistedAppState(), problems: []),
                                              detectedLanguage: .en))
        return state
    }

    var serverIds: [String] { state.settings.availableServers.map(\.id) }

    // MARK: The story's actions

    /// Lets `count` rounds happen (the mute timers and deliveries due before each fire first),
    /// each with its confirming re-tests.
    mutating func rounds(_ count: Int) {
        for _ in 0..<count {
            guard let due = roundDue else { return }
            store.advance(by: due - now)
            completeRetests()
        }
    }

    /// `mute ID|--all --for seconds` (nil: `--all`), as `MuteCommand` writes mutes.json.
    mutating func mute(_ serverId: String?, seconds: Int) {
        let at = nextQuarter()
        var list = mutes.current(at: at)
        list.entries.removeAll { $0.serverId == serverId }
        list.entries.append(MuteList.Entry(serverId: serverId, until: at + Double(seconds) + 0.5, reason: nil))
        changeMutes(list, at: at, "mute \(serverId ?? "--all") \(seconds)s")
    }

    /// `unmute ID|--all`: `--all` ends every mute; an id ends that server's own.
    mutating func unmute(_ serverId: String?) {
        let at = nextQuarter()
        var list = mutes.current(at: at)
        list.entries.removeAll { serverId == nil || $0.serverId == serverId }
        changeMutes(list, at: at, "unmute \(serverId ?? "--all")")
    }

    /// The webhook answers 503 from now for `seconds`.
    mutating func webhookDown(seconds: Int) {
        let at = nextQuarter()
        advance(to: at)
        record.webhookDown.append((from: at, to: at + Double(seconds)))
        record.log.append("webhook down \(seconds)s at \(at - Self.start)")
    }

    /// The process stops between rounds (killed: deliveries in flight end with it, their
    /// outbox rows stay pending) and a new one starts `gap` seconds later.
    mutating func restart(gap: Int) {
        let at = nextQuarter()
        advance(to: at)
        if !record.inFlight.isEmpty {
            record.log.append("killed during \(record.inFlight.map { "\($0.key) \($0.target.storageKey)" })")
        }
        record.inFlight = []
        record.lifetimes[record.process].stop = at
        record.pastEffects += store.produced.map { (effect: $0, process: record.process) }
        record.pastEvaluations += store.times.map { (at: $0, process: record.process) }
        record.log.append("stop at \(at - Self.start)")
        let next = at.rounded(.up) + Double(max(1, gap))
        store = TestStore(Self.hydrated(upConfirmations: upConfirmations), at: next)
        startProcess(at: next)
    }

    /// The end of a story: every script ends (servers up), then rounds until every mute has
    /// ended and every incident could close.
    mutating func drain() {
        for id in record.scripts.keys {
            record.scripts[id] = Array(record.scripts[id, default: []].prefix(record.cursor[id, default: 0]))
        }
        let lastMuteEnd = muteChanges.flatMap { $0.list.entries.map(\.until) }.max() ?? now
        let webhookBack = webhookDown.map(\.to).max() ?? now
        // Rounds go on until every incident could close and every delivery could end.
        let until = max(lastMuteEnd, webhookBack, now) + Double(10 * (upConfirmations + 2)) + 20
        while let due = roundDue, due <= until {
            rounds(1)
        }
    }

    // MARK: The process

    /// When the next round is due (nil: none is set).
    private var roundDue: Double? {
        store.waitingTimers.first { $0.kind == .scheduleRound }.flatMap { store.due($0) }
    }

    private mutating func startProcess(at time: Double) {
        record.lifetimes.append((start: time, stop: nil))
        record.firstSeen.append([:])
        record.emittedKeys = []
        record.retests = 0
        // The stories are judged by the oracles over what the world saw (alerts, incidents,
        // deliveries), not field by field; every effect stays accounted for.
        store.checksState = false
        Self.answer(store, record)
        record.log.append("start at \(time - Self.start)")
        if !mutes.entries.isEmpty { send(.mutesRead(mutes, at: time)) }
        if !drills.drills.isEmpty { send(.drillsRead(drills, at: time)) }
        // The runtime reads them only when it records; here a process that does not record is
        // given them too, to show it still neither alerts nor writes.
        let inherited = incidents.filter { $0.end == nil }
            .map { incident -> InheritedIncident in
                var inherited = InheritedIncident(serverId: incident.serverId, start: incident.start,
                                                  reasonCode: incident.reasonCode)
                // As the runtime does: the ledger says whether its server_down went out.
                inherited.downAlerted = ledger.contains(inherited.downLedgerKey)
                return inherited
            }
        // And the alerts a mute held, as `AlertOutbox.heldAlerts` reads them back.
        let held = record.held.values.sorted { $0.key < $1.key }
        send(.watchStarted(role: role, isRecording: isRecording, recorder: nil, inherited: inherited, held: held, at: time))
        // The first round is a timer of no delay (after connectivity is attached): it fires at once.
        store.advance(by: 0)
        completeRetests()
    }

    /// The confirming re-tests answer a second after they were asked (a mute may end, a
    /// delivery may end meanwhile); a re-test may ask for another.
    private mutating func completeRetests() {
        while record.retests > 0 { store.advance(by: 1) }
    }

    private mutating func changeMutes(_ list: MuteList, at time: Double, _ what: String) {
        advance(to: time)
        record.mutes = list
        record.muteChanges.append((at: time, list: list))
        record.log.append("\(what) at \(time - Self.start)")
        send(.mutesRead(list, at: time))
    }

    /// Virtual time moves to `time`: the timers and deliveries due by then fire, in time order.
    mutating func advance(to time: Double) {
        store.advance(by: time - now)
    }

    mutating func appendLog(_ line: String) { record.log.append(line) }

    func nextQuarter() -> Double {
        var at = now.rounded(.down) + 0.25
        if at <= now { at += 1 }
        return at
    }

    mutating func send(_ event: AppEvent) {
        store.send(event)
    }
}
