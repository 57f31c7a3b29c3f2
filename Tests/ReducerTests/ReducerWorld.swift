import Foundation
import TestSupport
import Localization
@testable import SettingsStore

/// Drives the pure reducer as the app does, without threads, a terminal or a network: events
/// go through `SettingsReducer.reduce`; settings.json effects are written at once to a real file in
/// a temporary directory through the store's own writer; every other effect waits in
/// `pending` until the test completes it against a scripted world (which servers answer,
/// which hang) on a virtual clock.
struct ReducerWorld {
    enum Health: Equatable {
        case up
        case down
        /// Accepts and never answers: the probe ends with `timeout` after the connection timeout.
        case hanging
        /// Answers 200 on health but 401 on auth (a stored token is refused).
        case refusesToken
    }

    private(set) var state: SettingsState
    private(set) var pending: [AppEffect] = []
    private(set) var now: Double = 1_800_000_000
    var health: [String: Health] = [:]
    /// Servers with a stored token.
    var tokens: Set<String> = []
    /// Every event applied, for failure messages.
    private(set) var log: [String] = []
    let directory: TemporaryDirectory
    let file: NativeSettingsFile
    private let writer: SettingsFileWriter

    init(settingsJSON: String? = nil, active: Bool = true, language: AppLanguage = .en) throws {
        directory = try TemporaryDirectory()
        file = NativeSettingsFile(path: directory.path + "/settings.json", environment: .production)
        writer = SettingsFileWriter(file: file)
        let defaults = NativeSettingsResolver(environment: .production).resolve(.defaults)
        state = SettingsState(currentServer: defaults.configuredServer, availableServers: defaults.availableServers,
                              currentLanguage: language, environment: .production)
        if let settingsJSON { try write(settingsJSON) }
        send(.loaded(settings: file.load(), appState: AppStateFile.LoadResult(state: PersistedAppState(), problems: []),
                     detectedLanguage: language))
        if active { send(.connectivityStarted(at: now)) }
    }

    // MARK: Events

    mutating func send(_ event: AppEvent) {
        log.append(event.name)
        let effects = SettingsReducer.reduce(&state, event)
        for effect in effects {
            switch effect {
            case .writeSettings(let change):
                send(writer.write(change, at: now))
            case .persistAppState, .updateTransport, .stopConnectivity, .verifyToken, .inspectMDNS:
                break
            case .scheduleProbe:
                // As the runtime does: a new probe timer replaces the one waiting.
                pending.removeAll { if case .scheduleProbe = $0 { true } else { false } }
                pending.append(effect)
            case .scheduleRecoveryProbe:
                pending.removeAll { if case .scheduleRecoveryProbe = $0 { true } else { false } }
                pending.append(effect)
            default:
                pending.append(effect)
            }
        }
    }

    /// A person's hand edit of settings.json, seen by the watcher.
    mutating func handEdit(_ json: String) throws {
        try write(json)
        send(.settingsFileRead(file.load(), at: now))
    }

    /// What settings.json says now, as the app and `status` read it.
    var fileResolution: NativeSettingsResolver.Resolution {
        NativeSettingsResolver(environment: .production).resolve(file.load().settings)
    }

    mutating func advance(_ seconds: Double) {
        now += seconds
    }

    // MARK: Effects

    /// Completes every pending effect that is not a timer, repeatedly, until only timers are
    /// left (a switch runs to its end, probes answer).
    mutating func settle(maxSteps: Int = 200) {
        for _ in 0..<maxSteps {
            guard let index = pending.firstIndex(where: { !$0.isTimer }) else { return }
            complete(at: index)
        }
    }

    /// Fires the earliest timer (the clock jumps to it) and settles what follows.
    mutating func fireNextTimer() {
        guard let index = pending.indices.min(by: { pending[$0].timerDelay < pending[$1].timerDelay }),
              pending[index].isTimer else { return }
        complete(at: index)
        settle()
    }

    /// Completes the pending effect at `index`.
    mutating func complete(at index: Int) {
        let effect = pending.remove(at: index)
        switch effect {
        case let .scheduleProbe(generation, delay):
            now += delay
            send(.probeTimerFired(generation: generation, at: now))
        case let .scheduleRecoveryProbe(generation, delay):
            now += delay
            send(.recoveryTimerFired(generation: generation, at: now))
        case let .probe(server, generation):
            let result = test(server)
            send(.probeCompleted(generation: generation, result: result, hadToken: tokens.contains(server.id), at: now))
        case let .testRow(server, generation):
            send(.rowTestCompleted(generation: generation, result: test(server)))
        case let .probeRecovery(server, generation):
            send(.recoveryProbeCompleted(generation: generation, result: test(server), at: now))
        case let .testSwitchTarget(server, generation):
            let result = test(server)
            send(.switchTestCompleted(generation: generation, result: result, hadToken: tokens.contains(server.id), at: now))
        case let .advanceSwitch(generation, step):
            send(.switchStepCompleted(generation: generation, step: step, at: now))
        case let .saveServerData(_, _, generation):
            send(.switchStepCompleted(generation: generation, step: .savingServerData, at: now))
        case let .restoreServerData(_, generation):
            send(.switchStepCompleted(generation: generation, step: .restoringServerData, at: now))
        case let .signIn(server, username, password):
            password.wipe()
            send(.signedIn(serverId: server.id, username: username, at: now))
        case .signOut(let server):
            send(.signedOut(serverId: server.id, at: now))
        case .writeSettings, .persistAppState, .updateTransport, .stopConnectivity, .verifyToken, .inspectMDNS,
             .readSettingsFile, .testAddress, .inspectCABundle, .redrawScreen, .quit, .queryFleet, .schedulePaneRetest:
            break
        case .testServers, .scheduleRound, .roundFinished, .record, .openIncident, .closeIncident, .sendAlert,
             .scheduleMuteEnd, .readHistory, .recordAlertOutcome, .deliverOutbox, .checkRecorder, .pruneHistory,
             .writeStatusPage,
             .changeDrill, .scheduleDrillEnd, .addIncidentNote:
            break // the watch's effects: its own tests drive them (WatchReducerTests)
        }
    }

    /// A test of the four checks against the scripted world; a hang costs the connection timeout.
    mutating func test(_ server: ServerConfig) -> DetailedStatus {
        let health = health[server.id] ?? .up
        if health == .hanging { now += Double(server.connectionTimeout) / 1000 }
        return Self.status(server, health: health, at: now)
    }

    static func status(_ server: ServerConfig, health: Health, at now: Double) -> DetailedStatus {
        let checks = CheckEndpoint.allCases.map { endpoint -> CheckResult in
            switch health {
            case .up:
                return CheckResult(endpoint: endpoint, url: server.baseUrl, status: .success, httpStatus: 200,
                                   timings: CheckTimings(totalMs: 5), error: nil)
            case .refusesToken:
                let refused = endpoint == .auth
                return CheckResult(endpoint: endpoint, url: server.baseUrl, status: .success,
                                   httpStatus: refused ? 401 : 200, timings: CheckTimings(totalMs: 5),
                                   error: refused ? ConnectivityError(code: .authRequired, message: "401") : nil)
            case .down:
                return CheckResult(endpoint: endpoint, url: server.baseUrl, status: .failure, httpStatus: nil,
                                   timings: CheckTimings(totalMs: 1),
                                   error: ConnectivityError(code: .connect, message: "refused"))
            case .hanging:
                return CheckResult(endpoint: endpoint, url: server.baseUrl, status: .failure, httpStatus: nil,
                                   timings: CheckTimings(totalMs: 10_000),
                                   error: ConnectivityError(code: .timeout, message: "timed out",
                                                            parameters: ["seconds": "10"]))
            }
        }
        let healthy = health == .up || health == .refusesToken
        return DetailedStatus(serverId: server.id, checks: checks, responseTime: healthy ? 5 : nil, lastChecked: now)
    }

    func server(_ id: String) -> ServerConfig {
        state.server(id: id) ?? ServerCatalog.defaultServer
    }

    private func write(_ json: String) throws {
        try TestFile.write(Data(json.utf8), to: file.path)
    }
}

extension AppEffect {
    var isTimer: Bool {
        switch self {
        case .scheduleProbe, .scheduleRecoveryProbe: true
        default: false
        }
    }

    var timerDelay: Double {
        switch self {
        case let .scheduleProbe(_, delay), let .scheduleRecoveryProbe(_, delay): delay
        default: -1
        }
    }
}

/// A temporary directory removed when the last copy is released.
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/reducer-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
