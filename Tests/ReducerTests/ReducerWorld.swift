import Foundation
import StoreTestSupport
import Testing
import TestSupport
import Localization
@testable import SettingsStore

/// A scripted world around the one `AppReducer` (every slice, the watch's included), driven
/// through the exhaustive `TestStore` in virtual time: settings.json and app-state.json are
/// written at once to real files in a temporary directory through the store's own writers (as
/// `dispatch` does); the network's effects are answered by doubles from which servers answer
/// and which hang (a hang costs the connection timeout of virtual time); timers wait on the
/// store's timeline. Every effect the reducer may ask for in these stories is answered here or
/// declared ignored; any other one fails the story (the store's exhaustivity).
struct ReducerWorld {
    enum Health: Equatable {
        case up
        case down
        /// Accepts and never answers: the probe ends with `timeout` after the connection timeout.
        case hanging
        /// Answers 200 on health but 401 on auth (a stored token is refused).
        case refusesToken
    }

    /// What the doubles read and what they were told: shared with the store's doubles.
    final class Network {
        var health: [String: Health] = [:]
        var tokens: Set<String> = []
        /// The last TLS settings given to the runner (`updateTransport`).
        var transport: (caBundle: String?, certWarningDays: Int)?
        /// The servers whose refused token the runner was asked to verify (`verifyToken`).
        var verified: [String] = []
    }

    let store: TestStore
    private let network = Network()
    let directory: TemporaryDirectory
    let file: NativeSettingsFile
    let appStateFile: AppStateFile

    /// The settings slice, which the stories read.
    var state: SettingsState { store.state.settings }
    /// The whole state.
    var app: AppState { store.state }
    var now: Double { store.now }
    var log: [String] { store.log }
    var health: [String: Health] {
        get { network.health }
        nonmutating set { network.health = newValue }
    }
    /// Servers with a stored token.
    var tokens: Set<String> {
        get { network.tokens }
        nonmutating set { network.tokens = newValue }
    }
    var transport: (caBundle: String?, certWarningDays: Int)? { network.transport }
    /// What app-state.json and the TLS settings were right after loading (nothing to save yet).
    private(set) var loadedAppState = PersistedAppState()
    private(set) var loadedTransport: (String?, Int) = (nil, 0)
    var verified: [String] { network.verified }
    /// The answered effects in flight, then the timers waiting (earliest first).
    var pending: [AppEffect] { store.inFlight + store.waitingTimers }

    /// `claimsState`: the story claims every change of the state, step by step (the store's
    /// `checksState`); the world claims its own start.
    init(settingsJSON: String? = nil, active: Bool = true, language: AppLanguage = .en, claimsState: Bool = false) throws {
        directory = try TemporaryDirectory()
        file = NativeSettingsFile(path: directory.path + "/settings.json", environment: .production)
        appStateFile = AppStateFile(path: directory.path + "/app-state.json")
        let defaults = NativeSettingsResolver(environment: .production).resolve(.defaults)
        store = TestStore(AppState(settings: SettingsState(currentServer: defaults.configuredServer,
                                                           availableServers: defaults.availableServers,
                                                           currentLanguage: language, environment: .production)),
                          at: 1_800_000_000)
        store.checksState = claimsState
        Self.answerFiles(store, file: file, appStateFile: appStateFile, network: network)
        Self.answerNetwork(store, network: network)
        if let settingsJSON { try write(settingsJSON) }
        // The world claims its own start: what settings.json names is configured and in use.
        let load = file.load()
        let named = NativeSettingsResolver(environment: .production).resolve(load.settings)
        send(.loaded(settings: load, appState: appStateFile.load(), detectedLanguage: language),
             Self.loads(named.configuredServer, source: named.source, file: load.settings))
        loadedAppState = PersistedAppState(state)
        loadedTransport = (state.caBundle, state.certWarningDays)
        if active { send(.connectivityStarted(at: now), Self.startsTesting(at: now)) }
    }

    /// The store's file effects, at once inside the event as `dispatch` runs them.
    static func answerFiles(_ store: TestStore, file: NativeSettingsFile, appStateFile: AppStateFile, network: Network) {
        let writer = SettingsFileWriter(file: file)
        store.answer(.writeSettings, atOnce: true) { effect, now in
            guard case .writeSettings(let change) = effect else { return [] }
            return [.init(writer.write(change, at: now))]
        }
        store.answer(.readSettingsFile, atOnce: true) { _, now in [.init(.settingsFileRead(file.load(), at: now))] }
        store.answer(.persistAppState, atOnce: true) { effect, now in
            guard case .persistAppState(let snapshot) = effect else { return [] }
            do {
                let problems = try appStateFile.save(snapshot)
                return problems.isEmpty ? [] : [.init(.appStateWritten(problems: problems, at: now))]
            } catch {
                return [.init(.appStateWriteFailed(FileProblem(key: "files.write_failed", parameters: [:]), at: now))]
            }
        }
        store.answer(.updateTransport, atOnce: true) { effect, _ in
            if case let .updateTransport(caBundle, days) = effect { network.transport = (caBundle, days) }
            return []
        }
    }

    /// The network's effects against the scripted world, and the runner's timers.
    static func answerNetwork(_ store: TestStore, network: Network) {
        store.runTimers()
        // What this machine has for mDNS is not part of these stories (DoctorTests read it).
        store.ignore(.inspectMDNS)
        store.answer(.verifyToken) { effect, _ in
            if case .verifyToken(let server) = effect { network.verified.append(server.id) }
            return []
        }
        store.answer([.probe, .testRow, .probeRecovery, .testSwitchTarget, .testAddress]) { effect, now in
            switch effect {
            case let .probe(server, generation):
                let hadToken = network.tokens.contains(server.id)
                return [test(server, network) { .probeCompleted(generation: generation, result: $0, hadToken: hadToken, at: $1) }]
            case let .testRow(server, generation):
                return [test(server, network) { result, _ in .rowTestCompleted(generation: generation, result: result) }]
            case let .probeRecovery(server, generation):
                return [test(server, network) { .recoveryProbeCompleted(generation: generation, result: $0, at: $1) }]
            case let .testSwitchTarget(server, generation):
                let hadToken = network.tokens.contains(server.id)
                return [test(server, network) { .switchTestCompleted(generation: generation, result: $0, hadToken: hadToken, at: $1) }]
            case .testAddress(let server):
                return [test(server, network) { .addressTested(address: server.baseUrl, summary: ServerProbeSummary($0), at: $1) }]
            default:
                return []
            }
        }
        store.answer([.advanceSwitch, .saveServerData, .restoreServerData, .signIn, .signOut]) { effect, now in
            switch effect {
            case let .advanceSwitch(generation, step):
                [.init(.switchStepCompleted(generation: generation, step: step, at: now))]
            case let .saveServerData(_, _, generation):
                [.init(.switchStepCompleted(generation: generation, step: .savingServerData, at: now))]
            case let .restoreServerData(_, generation):
                [.init(.switchStepCompleted(generation: generation, step: .restoringServerData, at: now))]
            case let .signIn(server, username, password):
                { password.wipe(); return [.init(.signedIn(serverId: server.id, username: username, at: now))] }()
            case .signOut(let server):
                [.init(.signedOut(serverId: server.id, at: now))]
            default:
                []
            }
        }
        store.answer(.inspectCABundle) { effect, now in
            guard case .inspectCABundle(let path) = effect else { return [] }
            return [.init(.caBundleInspected(path: path, refusal: nil, at: now))]
        }
    }

    /// A test of the four checks against the scripted world; a hang answers after the
    /// connection timeout, in virtual time.
    static func test(_ server: ServerConfig, _ network: Network,
                     _ event: @escaping (DetailedStatus, Double) -> AppEvent) -> TestStore.Completion {
        let health = network.health[server.id] ?? .up
        let after = health == .hanging ? Double(server.connectionTimeout) / 1000 : 0
        return TestStore.Completion(after: after) { at in event(status(server, health: health, at: at), at) }
    }

    // MARK: Events

    /// A change the story claims for a step (the whole `AppState`; nil: nothing changes). It
    /// runs while the step holds `world`: it reads nothing of `world` (take what it needs
    /// before, as `let`s), or the exclusivity check stops the run.
    typealias Change = ((inout AppState) -> Void)?

    mutating func send(_ event: AppEvent, sourceLocation: SourceLocation = #_sourceLocation, _ change: Change = nil) {
        store.send(event, sourceLocation: sourceLocation, change)
    }

    /// A person's hand edit of settings.json, seen by the watcher.
    mutating func handEdit(_ json: String, sourceLocation: SourceLocation = #_sourceLocation, _ change: Change = nil) throws {
        try write(json)
        send(.settingsFileRead(file.load(), at: now), sourceLocation: sourceLocation, change)
    }

    /// What settings.json says now, as the app and `status` read it.
    var fileResolution: NativeSettingsResolver.Resolution {
        NativeSettingsResolver(environment: .production).resolve(file.load().settings)
    }

    // MARK: Effects

    /// Runs every answered effect, and what falls due while a hang is awaited, until nothing
    /// is in flight (a switch runs to its end, probes answer); timers further on wait.
    /// `change` is what the whole run does to the state.
    mutating func settle(maxSteps: Int = 200, sourceLocation: SourceLocation = #_sourceLocation, _ change: Change = nil) {
        store.claim("settling", change, sourceLocation) { runInFlight(maxSteps: maxSteps) }
    }

    private func runInFlight(maxSteps: Int) {
        for _ in 0..<maxSteps where !store.inFlight.isEmpty || store.hasCompletions {
            store.runOne()
        }
    }

    /// Fires the earliest timer (virtual time moves to it) and settles what follows; `change`
    /// is what both do to the state.
    mutating func fireNextTimer(sourceLocation: SourceLocation = #_sourceLocation, _ change: Change = nil) {
        store.claim("the next timer and what follows", change, sourceLocation) {
            store.fireNextTimer()
            runInFlight(maxSteps: 200)
        }
    }

    /// Fires timers (each with what follows) until `done` holds, at most `maxTimers`; `change`
    /// is what the whole run does to the state.
    mutating func fireTimers(until done: (AppState) -> Bool, maxTimers: Int = 6, sourceLocation: SourceLocation = #_sourceLocation,
                             _ change: Change = nil) {
        let store = store
        store.claim("timers until a condition", change, sourceLocation) {
            for _ in 0..<maxTimers where !done(store.state) {
                store.fireNextTimer()
                runInFlight(maxSteps: 200)
            }
        }
        #expect(done(store.state), "not reached after \(maxTimers) timers: \(store.log.suffix(12))", sourceLocation: sourceLocation)
    }

    /// Runs the effect in flight at `index`, or fires the timer at that place in `pending`;
    /// `change` is what it does to the state.
    mutating func complete(at index: Int, sourceLocation: SourceLocation = #_sourceLocation, _ change: Change = nil) {
        let inFlight = store.inFlight.count
        if index < inFlight {
            store.runInFlight(at: index, sourceLocation: sourceLocation, change)
        } else {
            store.fire(timer: store.waitingTimers[index - inFlight], sourceLocation: sourceLocation, change)
        }
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
