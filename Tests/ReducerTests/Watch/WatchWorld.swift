import Localization
@testable import SettingsStore

/// The monitor's watch as the runtime drives it, without threads, network or SQLite: events go
/// through `AppReducer.reduce`; `testServers` is answered from a script of results per server
/// (each test takes the next one; when a script runs out the server is up); `scheduleRound`
/// and `scheduleMuteEnd` become timers on a simulated clock; `sendAlert` is delivered unless
/// its ledger key was delivered before; `openIncident`/`closeIncident` change an incident table.
/// The table, the ledger and mutes.json outlive a `restart`, which starts a new process from
/// them as `WatchRuntime.start` does (mutes read, then `watchStarted` with the open incidents).
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

    // MARK: What outlives a process (the history database, mutes.json), and what was seen

    private(set) var incidents: [StoredIncident]
    private(set) var ledger: Set<String> = []
    private(set) var delivered: [(alert: AlertEvent, process: Int)] = []
    private(set) var mutes = MuteList()
    /// drills.json (outlives a process; `WatchWorld+Drill.swift` changes it as `drill` does).
    var drills = DrillLog()
    /// mutes.json after each change, in time order (the oracle's view of what was muted when).
    private(set) var muteChanges: [(at: Double, list: MuteList)] = []
    /// Every test of every server, in time order.
    private(set) var samples: [String: [Sample]] = [:]
    /// The time of every event the reducer was given, and the process it went to.
    private(set) var evaluations: [(at: Double, process: Int)] = []
    /// Per process: when each server was first tested (before that the watch does not judge it).
    private(set) var firstSeen: [[String: Double]] = []
    /// Per process: when it started and stopped.
    private(set) var lifetimes: [(start: Double, stop: Double?)] = []
    /// Every effect, with the process that asked for it.
    private(set) var effects: [(effect: AppEffect, process: Int)] = []
    /// Ledger keys one process asked to send more than once (the ledger would hide them).
    private(set) var repeatedKeys: [String] = []
    private(set) var log: [String] = []

    // MARK: Delivery (the outbox outlives a process; deliveries in flight do not)

    /// The targets every alert goes to: a hook that exits at once, one that hangs until the
    /// time limit (10 s), and a webhook that fails while `webhookDown` says it is down (its
    /// three tries take 6 s). The outbox's rows, by key and target; every attempt that ended.
    static let targets: [AlertTarget] = [.hook(path: "10-ok"), .hook(path: "20-hang"), .webhook(url: "https://w/x")]
    private(set) var outbox: [String: [AlertTarget: AlertOutcome.Status?]] = [:]
    private(set) var decidedAt: [String: Double] = [:]
    private(set) var attempts: [(key: String, target: AlertTarget, start: Double, end: Double, status: AlertOutcome.Status,
                                 process: Int)] = []
    /// When the webhook does not answer: [from, to) intervals.
    private(set) var webhookDown: [(from: Double, to: Double)] = []
    private var inFlight: [(key: String, target: AlertTarget, start: Double, end: Double)] = []

    // MARK: The process

    private(set) var state: AppState
    private(set) var now: Double
    let role: WatchState.Role
    let isRecording: Bool
    let upConfirmations: Int
    private var process: Int { lifetimes.count - 1 }
    private var roundTimer: (at: Double, round: Int)?
    private var muteTimer: Double?
    var drillTimer: Double?
    private var emittedKeys: Set<String> = []
    private var pendingTests: [(servers: [ServerConfig], round: Int, confirming: Bool)] = []

    var scripts: [String: [Probe]]
    private var cursor: [String: Int] = [:]

    static let start: Double = 1_800_000_000

    init(scripts: [String: [Probe]], upConfirmations: Int = 2, isRecording: Bool = true,
         incidents: [StoredIncident] = []) {
        self.scripts = scripts
        self.upConfirmations = upConfirmations
        self.isRecording = isRecording
        self.incidents = incidents
        role = .monitor
        now = Self.start
        state = Self.hydrated(upConfirmations: upConfirmations)
        startProcess(at: now)
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

    /// Lets `count` rounds happen (the mute timers fire in between when they are due).
    mutating func rounds(_ count: Int) {
        for _ in 0..<count {
            guard let round = roundTimer else { return }
            advance(to: round.at)
            roundTimer = nil
            now = round.at
            send(.roundTimerFired(round: round.round, at: now))
            completeTests()
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
        now = at
        webhookDown.append((from: at, to: at + Double(seconds)))
        log.append("webhook down \(seconds)s at \(at - Self.start)")
    }

    /// The process stops between rounds (killed: deliveries in flight end with it, their
    /// outbox rows stay pending) and a new one starts `gap` seconds later.
    mutating func restart(gap: Int) {
        let at = nextQuarter()
        advance(to: at)
        if !inFlight.isEmpty { log.append("killed during \(inFlight.map { "\($0.key) \($0.target.storageKey)" })") }
        inFlight = []
        lifetimes[process].stop = at
        log.append("stop at \(at - Self.start)")
        startProcess(at: at.rounded(.up) + Double(max(1, gap)))
    }

    /// The end of a story: every script ends (servers up), then rounds until every mute has
    /// ended and every incident could close.
    mutating func drain() {
        for id in scripts.keys { scripts[id] = Array(scripts[id, default: []].prefix(cursor[id, default: 0])) }
        let lastMuteEnd = muteChanges.flatMap { $0.list.entries.map(\.until) }.max() ?? now
        let webhookBack = webhookDown.map(\.to).max() ?? now
        // Rounds go on until every incident could close and every delivery could end.
        let until = max(lastMuteEnd, webhookBack, now) + Double(10 * (upConfirmations + 2)) + 20
        while let round = roundTimer, round.at <= until {
            rounds(1)
        }
    }

    // MARK: The process

    private mutating func startProcess(at time: Double) {
        now = time
        state = Self.hydrated(upConfirmations: upConfirmations)
        lifetimes.append((start: time, stop: nil))
        firstSeen.append([:])
        roundTimer = nil
        muteTimer = nil
        emittedKeys = []
        log.append("start at \(time - Self.start)")
        if !mutes.entries.isEmpty { send(.mutesRead(mutes, at: time)) }
        drillTimer = nil
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
        send(.watchStarted(role: role, isRecording: isRecording, recorder: nil, inherited: inherited, at: time))
        // The first round is a timer of no delay (after connectivity is attached): it fires at once.
        if let round = roundTimer, round.at <= now {
            roundTimer = nil
            send(.roundTimerFired(round: round.round, at: now))
        }
        completeTests()
    }

    private mutating func changeMutes(_ list: MuteList, at time: Double, _ what: String) {
        advance(to: time)
        now = time
        mutes = list
        muteChanges.append((at: time, list: list))
        log.append("\(what) at \(time - Self.start)")
        send(.mutesRead(list, at: time))
    }

    /// Fires the mute timer and ends the deliveries in flight that are due before `time`, in
    /// time order (the round timer never is: actions and re-tests come before the next round).
    mutating func advance(to time: Double) {
        while true {
            let delivery = inFlight.indices.min { inFlight[$0].end < inFlight[$1].end }.flatMap {
                inFlight[$0].end < time ? $0 : nil
            }
            let mute = muteTimer.flatMap { $0 < time ? $0 : nil }
            if let due = drillTimer, due < time, mute.map({ due <= $0 }) ?? true,
               inFlight.allSatisfy({ $0.end >= due }) {
                drillTimer = nil
                now = max(now, due)
                send(.drillTimerFired(at: due))
                continue
            }
            if let index = delivery, mute.map({ inFlight[index].end <= $0 }) ?? true {
                let ended = inFlight.remove(at: index)
                now = max(now, ended.end)
                let status = Self.outcome(of: ended.target, from: ended.start, webhookDown: webhookDown)
                attempts.append((ended.key, ended.target, ended.start, ended.end, status, process))
                send(.alertDelivered(key: ended.key, target: ended.target,
                                     outcome: AlertOutcome(status: status, detail: "", at: ended.end)))
            } else if let due = mute {
                muteTimer = nil
                now = max(now, due)
                send(.muteTimerFired(at: due))
            } else {
                return
            }
        }
    }

    /// How an attempt that started at `start` ends: the hook that hangs fails at its time limit;
    /// the webhook is retried (by the outbox) when it was down at any of its three tries.
    static func outcome(of target: AlertTarget, from start: Double, webhookDown: [(from: Double, to: Double)]) -> AlertOutcome.Status {
        switch target {
        case .hook(let path): return path == "20-hang" ? .failed : .delivered
        case .webhook:
            let tries = [start, start + 2, start + 6]
            return tries.allSatisfy { at in webhookDown.contains { $0.from <= at && at < $0.to } } ? .retry : .delivered
        }
    }

    static func duration(of target: AlertTarget, from start: Double, webhookDown: [(from: Double, to: Double)]) -> Double {
        switch target {
        case .hook(let path): return path == "20-hang" ? 10 : 0.01
        case .webhook:
            // The first try that finds it up ends the attempt; three failures take 6 s.
            for (offset, at) in [0.0, 2, 6].map({ ($0, start + $0) }) where !webhookDown.contains(where: { $0.from <= at && at < $0.to }) {
                return offset + 0.01
            }
            return 6.01
        }
    }

    private mutating func startDelivery(_ key: String, _ target: AlertTarget) {
        guard !inFlight.contains(where: { $0.key == key && $0.target == target }) else { return }
        inFlight.append((key, target, now, now + Self.duration(of: target, from: now, webhookDown: webhookDown)))
    }

    mutating func appendLog(_ line: String) { log.append(line) }
    mutating func setNow(_ time: Double) { now = time }

    mutating func nextQuarter() -> Double {
        var at = now.rounded(.down) + 0.25
        if at <= now { at += 1 }
        return at
    }

    private mutating func completeTests() {
        while !pendingTests.isEmpty {
            let tests = pendingTests.removeFirst()
            if tests.confirming {
                // The re-test answers a second later; a mute may end meanwhile.
                advance(to: now + 1)
                now = now.rounded(.down) + 1
            }
            let results = tests.servers.map { test($0) }
            send(.serversTested(round: tests.round, results: results, confirming: tests.confirming, at: now))
        }
    }

    private mutating func test(_ server: ServerConfig) -> DetailedStatus {
        let index = cursor[server.id, default: 0]
        cursor[server.id] = index + 1
        let script = scripts[server.id, default: []]
        let probe = index < script.count ? script[index] : Probe(ok: true, certificate: nil)
        samples[server.id, default: []].append(Sample(at: now, ok: probe.ok, process: process, certificate: probe.certificate))
        if firstSeen[process][server.id] == nil { firstSeen[process][server.id] = now }
        return Self.result(server, probe, at: now)
    }

    static func result(_ server: ServerConfig, _ probe: Probe, at time: Double) -> DetailedStatus {
        var result = ReducerWorld.status(server, health: probe.ok ? .up : .down, at: time)
        if let certificate = probe.certificate {
            // A minute short of whole days, so `daysLeft` (a started day counts) is exactly the script's.
            result.certificate = CertificateInfo(subject: "CN=\(server.id)", issuer: "CN=test", sans: [],
                                                 notBefore: time - 300 * 86_400,
                                                 notAfter: time + Double(certificate.daysLeft) * 86_400 - 60,
                                                 sha256: certificate.sha256)
        }
        return result
    }

    // MARK: Events and effects

    mutating func send(_ event: AppEvent) {
        if let time = event.time { evaluations.append((at: time, process: process)) }
        for effect in AppReducer.reduce(&state, event) {
            effects.append((effect: effect, process: process))
            run(effect)
        }
    }

    private mutating func run(_ effect: AppEffect) {
        switch effect {
        case let .testServers(servers, round, confirming):
            pendingTests.append((servers: servers, round: round, confirming: confirming))
        case let .scheduleRound(round, delay):
            roundTimer = (at: now + delay, round: round)
        case .scheduleMuteEnd(let delay):
            muteTimer = now + delay
        case .scheduleDrillEnd(let delay):
            drillTimer = now + delay
        case .changeDrill(let change):
            // As `WatchRuntime` does: applied to the file under its lock, then read back.
            if case .success(let log) = change.applied(to: drills, now: now), log != drills {
                drills = log
                log.drills.last.map { self.log.append("drill \($0.id) changed at \(now - Self.start)") }
            }
        case let .openIncident(serverId, start, reason):
            // One open incident per server and kind (`HistoryStore.openIncident`).
            let new = StoredIncident(serverId: serverId, start: start, reasonCode: reason.code.rawValue)
            if !incidents.contains(where: { $0.end == nil && $0.serverId == serverId && $0.isCertificate == new.isCertificate }) {
                incidents.append(new)
            }
        case let .closeIncident(serverId, certificate, end):
            for index in incidents.indices
            where incidents[index].end == nil && incidents[index].serverId == serverId
                && incidents[index].isCertificate == certificate {
                incidents[index].end = end
            }
        case .sendAlert(let alert):
            if !emittedKeys.insert(alert.ledgerKey).inserted { repeatedKeys.append(alert.ledgerKey) }
            if ledger.insert(alert.ledgerKey).inserted {
                delivered.append((alert: alert, process: process))
                log.append("\(alert.kind.rawValue) \(alert.server.id) since \(alert.since.map { $0 - Self.start } ?? -1) at \(alert.at - Self.start)")
                // Stored, then delivered to every target at once (`WatchRuntime.send`).
                outbox[alert.ledgerKey] = Dictionary(uniqueKeysWithValues: Self.targets.map { ($0, nil) })
                decidedAt[alert.ledgerKey] = now
                for target in Self.targets { startDelivery(alert.ledgerKey, target) }
            }
        case let .recordAlertOutcome(key, target, outcome):
            outbox[key]?[target] = outcome.status
        case .deliverOutbox:
            // What the outbox holds: pending rows and webhooks to try again (`AlertOutbox.due`).
            for key in outbox.keys.sorted() {
                for target in Self.targets {
                    guard let row = outbox[key]?[target] else { continue }
                    if row == nil || row == .retry { startDelivery(key, target) }
                }
            }
        default:
            break
        }
    }
}
