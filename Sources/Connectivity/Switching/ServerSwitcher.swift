import Foundation
import Logging
import SettingsStore

/// The switch pipeline of SPEC §6.5, installed as the store's `onServerChangeRequested`:
/// validate → `switching` with visible steps → adopt the server, or keep the previous one,
/// or fall back to pn51.
///
/// One switch at a time: a newer request cancels the older one (which then changes nothing),
/// and `cancelSwitch` (Esc) puts back exactly what was there before the first of them.
/// Nothing the user owns is deleted: the previous server's data is saved before the screen
/// forgets it, and language and preferences are never touched.
@MainActor
public final class ServerSwitcher {
    public typealias Probe = @Sendable (ServerConfig) async -> DetailedStatus
    public typealias FetchConfig = @Sendable (ServerConfig) async -> Data?

    /// What the screen showed before a switch, put back when the switch fails or is cancelled.
    private struct Before {
        var server: ServerConfig
        var source: ServerSource
        var status: ConnectionStatus
        var detailedStatus: DetailedStatus?
        var responseTimes: [Double]
        var fallback: FallbackInfo?
        var loginRequest: LoginRequest?
        var lastError: AppError?

        init(_ state: SettingsState) {
            server = state.currentServer
            source = state.serverSource
            status = state.connectionStatus
            detailedStatus = state.detailedStatus
            responseTimes = state.responseTimes
            fallback = state.fallback
            loginRequest = state.loginRequest
            lastError = state.lastError
        }
    }

    private struct Active {
        var generation: Int
        var target: ServerConfig
        var before: Before
        var task: Task<Void, Never>
    }

    private let store: AppSettingsStore
    private let monitor: ConnectionMonitor
    private let probe: Probe
    private let fetchConfig: FetchConfig
    private let dataStore: ServerDataStore
    private let hasTokens: (ServerConfig) -> Bool
    private let clock: ConnectivityClock
    private let logger: Logger
    private var active: Active?
    private var generation = 0
    /// Server data held for the screen, by server id (the current server's at least).
    public private(set) var snapshots: [String: ServerSnapshot] = [:]

    public init(store: AppSettingsStore, monitor: ConnectionMonitor, probe: @escaping Probe,
                fetchConfig: @escaping FetchConfig, dataStore: ServerDataStore,
                hasTokens: @escaping (ServerConfig) -> Bool, clock: ConnectivityClock = .system,
                logger: Logger = Logger(label: "verbumcare.connectivity.switch")) {
        self.store = store
        self.monitor = monitor
        self.probe = probe
        self.fetchConfig = fetchConfig
        self.dataStore = dataStore
        self.hasTokens = hasTokens
        self.clock = clock
        self.logger = logger
    }

    /// Becomes the store's `onServerChangeRequested`.
    public func install() {
        store.onServerChangeRequested = { [weak self] target, source in
            self?.request(target, source: source, origin: .settings)
        }
    }

    public func uninstall() {
        store.onServerChangeRequested = nil
        if let active {
            generation += 1
            active.task.cancel()
            self.active = nil
        }
    }

    public var isSwitching: Bool { active != nil }
    public var targetServerId: String? { active?.target.id }

    /// Waits until no switch runs (a failed switch may chain a fallback; that is waited for too).
    public func waitUntilIdle() async {
        while let task = active?.task {
            await task.value
        }
    }

    // MARK: Requests

    public func request(_ target: ServerConfig, source: ServerSource, origin: SwitchOrigin) {
        let state = store.getState()
        if origin == .settings && target.id == state.currentServer.id {
            // The server already in use: no test, just its new config and source. A switch
            // under way to another server is abandoned (the user chose to stay).
            if let active { abandon(active) }
            store.setState { state in
                state.currentServer = target
                state.serverSource = source
                if source != .fallback {
                    state.fallback = nil
                    if Self.isConnectivityMessage(state.lastError) { state.lastError = nil }
                }
            }
            return
        }
        let before = active?.before ?? Before(state)
        if let active {
            logger.info("switch superseded", metadata: ["to": "\(active.target.id)", "by": "\(target.id)"])
            active.task.cancel()
        }
        monitor.pause()
        generation += 1
        let gen = generation
        let started = clock.now()
        let task = Task { [weak self] in
            guard let self else { return }
            await self.run(target: target, source: source, origin: origin, before: before,
                            generation: gen, started: started)
        }
        active = Active(generation: gen, target: target, before: before, task: task)
    }

    /// Esc: stops the switch in progress and keeps the previous server as it was.
    public func cancelSwitch() {
        guard let active else { return }
        logger.info("switch cancelled", metadata: ["to": "\(active.target.id)"])
        abandon(active)
        store.setState { $0.lastError = ConnectivityMessages.switchCancelled(kept: active.before.server) }
    }

    private func abandon(_ active: Active) {
        generation += 1
        active.task.cancel()
        self.active = nil
        restore(active.before, status: nil)
        monitor.resume()
    }

    // MARK: The pipeline

    private func isCurrent(_ gen: Int) -> Bool {
        gen == generation && !Task.isCancelled
    }

    /// Shows a step; false when this switch is no longer the one running.
    private func step(_ step: SwitchStep, target: ServerConfig, before: Before, generation gen: Int,
                      started: Double) async -> Bool {
        guard isCurrent(gen) else { return false }
        store.setState {
            $0.connectionStatus = .switching
            $0.serverSwitchState = ServerSwitchState(isInProgress: true, fromServerId: before.server.id,
                                                     toServerId: target.id, progress: step, startedAt: started)
        }
        // Lets a frame show the step before the next one replaces it.
        await Task.yield()
        return isCurrent(gen)
    }

    private func run(target: ServerConfig, source: ServerSource, origin: SwitchOrigin, before: Before,
                     generation gen: Int, started: Double) async {
        logger.info("switch", metadata: ["from": "\(before.server.id)", "to": "\(target.id)", "origin": "\(origin.logName)"])
        guard await step(.validating, target: target, before: before, generation: gen, started: started) else { return }
        let validation = AddressValidator.validate(target.baseUrl, environment: store.environment)
        guard validation.isValid else {
            finishRefused(target: target, before: before, started: started,
                          error: ConnectivityMessages.invalidAddress(validation))
            return
        }

        guard await step(.testingConnection, target: target, before: before, generation: gen, started: started) else { return }
        let hadToken = hasTokens(target)
        let probe = probe
        let fetchConfig = fetchConfig
        async let tested = probe(target)
        async let fetched = fetchConfig(target)
        let (result, config) = await (tested, fetched)
        guard isCurrent(gen) else { return }
        if detailedLogging { logger.info("switch test", metadata: ProbeLog.metadata(server: target, result: result)) }
        guard result.isHealthy else {
            finishFailed(target: target, source: source, origin: origin, before: before, started: started, result: result)
            return
        }

        let changesServer = before.server.id != target.id
        guard await step(.savingServerData, target: target, before: before, generation: gen, started: started) else { return }
        if changesServer { saveData(of: before.server, health: before.detailedStatus) }

        guard await step(.clearingServerData, target: target, before: before, generation: gen, started: started) else { return }
        if changesServer {
            // Only what the screen holds: the files stay.
            store.setState {
                $0.detailedStatus = nil
                $0.responseTimes = []
                $0.loginRequest = nil
            }
        }

        guard await step(.restoringServerData, target: target, before: before, generation: gen, started: started) else { return }
        var snapshot = dataStore.restore(target)
        if let config { snapshot.config = config }
        snapshot.health = result
        snapshots[target.id] = snapshot

        guard await step(.signingIn, target: target, before: before, generation: gen, started: started) else { return }
        let needsLogin = SessionManager.needsLogin(after: result, hadToken: hadToken)

        finishSucceeded(target: target, source: source, origin: origin, before: before, started: started,
                        result: result, needsLogin: needsLogin)
    }

    private var detailedLogging: Bool { store.getState().detailedLogging }

    private func finishSucceeded(target: ServerConfig, source: ServerSource, origin: SwitchOrigin, before: Before,
                                 started: Double, result: DetailedStatus, needsLogin: Bool) {
        active = nil
        let duration = max(0, (clock.now() - started) * 1000)
        store.setState { state in
            state.currentServer = state.availableServers.first { $0.id == target.id } ?? target
            state.connectionStatus = .connected
            state.detailedStatus = result
            state.serverSwitchState = .idle
            state.serverStatuses[target.id] = ConnectionMonitor.summary(result)
            if before.server.id != target.id { state.responseTimes = [] }
            if case .fallback(let from, let reason) = origin {
                state.serverSource = .fallback
                state.fallback = FallbackInfo(fromServerId: from.id, reason: reason)
                state.lastError = ConnectivityMessages.fallbackNotice(failed: from, reason: reason, using: target)
            } else {
                state.serverSource = source
                state.fallback = nil
                if Self.isConnectivityMessage(state.lastError) { state.lastError = nil }
            }
            if needsLogin { state.loginRequest = LoginRequest(serverId: target.id) }
        }
        store.recordHistory(ServerHistoryEntry(serverId: target.id, lastUsed: clock.now(), successful: true,
                                               durationMs: duration))
        logger.info("switched", metadata: ["to": "\(target.id)", "ms": "\(Int(duration))"])
        monitor.resume(seed: result)
    }

    /// The target did not pass its test.
    private func finishFailed(target: ServerConfig, source: ServerSource, origin: SwitchOrigin, before: Before,
                              started: Double, result: DetailedStatus) {
        active = nil
        let reason = ConnectivityMessages.failureReason(result)
        recordFailure(target, started: started)
        logger.info("switch failed", metadata: ["to": "\(target.id)", "code": "\(reason.code.rawValue)"])
        let autoSwitch = store.getState().autoSwitchOnFailure

        if case .fallback(let configured, let configuredReason) = origin {
            // pn51 is unreachable too: the configured server stays shown, in error.
            restore(before, status: .error)
            store.setState {
                $0.lastError = ConnectivityMessages.allUnreachable(configured: configured, fallback: target,
                                                                   reason: configuredReason)
            }
            // The configured server's failed test counts as its probe: backoff, not an instant re-test.
            monitor.resume(seed: before.detailedStatus)
            return
        }

        let previousWorks = origin != .start && before.server.id != target.id && before.status == .connected
        if previousWorks {
            restore(before, status: nil)
            store.setState { state in
                state.lastError = ConnectivityMessages.switchFailed(target: target, previous: before.server, reason: reason)
                if autoSwitch && origin == .settings {
                    // settings.json names the target now: watch it and offer to switch when it answers.
                    state.serverSource = .fallback
                    state.fallback = FallbackInfo(fromServerId: target.id, reason: reason)
                }
            }
            monitor.resume()
            return
        }

        // Nothing usable to keep: the target becomes the server shown, in error, and pn51 is
        // tried when the rule allows.
        let changesServer = before.server.id != target.id
        store.setState { state in
            state.currentServer = state.availableServers.first { $0.id == target.id } ?? target
            state.serverSource = source
            state.connectionStatus = .error
            state.detailedStatus = result
            state.serverStatuses[target.id] = ConnectionMonitor.summary(result)
            state.serverSwitchState = .idle
            state.fallback = nil
            state.lastError = ConnectivityMessages.unreachable(target, reason: reason)
            if changesServer {
                state.responseTimes = []
                state.loginRequest = nil
            }
        }
        if FallbackRule.shouldTryFallback(failed: target, autoSwitchOnFailure: autoSwitch),
           let fallbackServer = fallbackServer() {
            request(fallbackServer, source: .fallback, origin: .fallback(from: target, reason: reason))
        } else {
            monitor.resume(seed: result)
        }
    }

    /// The address was refused by validation: nothing was contacted.
    private func finishRefused(target: ServerConfig, before: Before, started: Double, error: AppError) {
        active = nil
        recordFailure(target, started: started)
        restore(before, status: nil)
        store.setState { $0.lastError = error }
        monitor.resume()
    }

    private func recordFailure(_ target: ServerConfig, started: Double) {
        let duration = max(0, (clock.now() - started) * 1000)
        store.recordHistory(ServerHistoryEntry(serverId: target.id, lastUsed: clock.now(), successful: false,
                                               durationMs: duration))
    }

    private func restore(_ before: Before, status: ConnectionStatus?) {
        store.setState { state in
            state.currentServer = state.availableServers.first { $0.id == before.server.id } ?? before.server
            state.serverSource = before.source
            state.connectionStatus = status ?? before.status
            state.detailedStatus = before.detailedStatus
            state.responseTimes = before.responseTimes
            state.fallback = before.fallback
            state.loginRequest = before.loginRequest
            state.lastError = before.lastError
            state.serverSwitchState = .idle
        }
    }

    // MARK: Server data

    /// Saves what is known of a server that stops being current. A failed write is logged:
    /// the switch itself does not depend on the cache.
    public func saveData(of server: ServerConfig, health: DetailedStatus?) {
        var snapshot = snapshots[server.id] ?? ServerSnapshot()
        if let health, health.serverId == server.id { snapshot.health = health }
        guard !snapshot.isEmpty else { return }
        do {
            try dataStore.save(snapshot, for: server)
        } catch {
            logger.warning("could not save server data", metadata: ["server": "\(server.id)", "error": "\(error)"])
        }
    }

    private func fallbackServer() -> ServerConfig? {
        store.getState().availableServers.first { $0.id == FallbackRule.fallbackServerId }
            ?? ServerCatalog.defaultServer
    }

    /// Messages this layer puts in `lastError` (and may take away again); file problems are not.
    static func isConnectivityMessage(_ error: AppError?) -> Bool {
        guard let key = error?.key else { return false }
        return ["error.", "notice.", "switch.", "validation."].contains { key.hasPrefix($0) }
    }
}

private extension SwitchOrigin {
    var logName: String {
        switch self {
        case .start: "start"
        case .settings: "settings"
        case .fallback: "fallback"
        case .switchBack: "switch-back"
        }
    }
}
