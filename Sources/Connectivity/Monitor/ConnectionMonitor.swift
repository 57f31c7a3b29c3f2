import Logging
import SettingsStore

/// Watches the current server (SPEC §6.4): probes it following `ProbeSchedule` and writes
/// `connectionStatus`, `detailedStatus`, `responseTimes` and its `serverStatuses` entry.
///
/// One task sleeps until the next probe, so an idle app has exactly one pending timer. Every
/// probe belongs to a generation; restarting (a new server, `r`, a pause for a switch) starts
/// a new generation, and a result that arrives for an older generation or for a server that
/// is no longer current is dropped. So a server is never shown as connected without a
/// successful `health` check of that very server.
@MainActor
public final class ConnectionMonitor {
    public typealias Probe = @Sendable (ServerConfig) async -> DetailedStatus

    /// After each applied result of the current server: the server, the result, and the
    /// status before and after.
    public var onResult: ((ServerConfig, DetailedStatus, ConnectionStatus, ConnectionStatus) -> Void)?

    private let store: AppSettingsStore
    private let probe: Probe
    private let clock: ConnectivityClock
    private let logger: Logger
    private var schedule: ProbeSchedule
    private var monitoredServerId: String?
    private var loopTask: Task<Void, Never>?
    private var testAllTask: Task<Void, Never>?
    private var generation = 0
    private var nextDelay: Double = 0
    public private(set) var isRunning = false
    public private(set) var isPaused = false
    private var subscriptions: [StoreSubscription] = []

    public init(store: AppSettingsStore, probe: @escaping Probe, clock: ConnectivityClock = .system,
                logger: Logger = Logger(label: "verbumcare.connectivity.monitor")) {
        self.store = store
        self.probe = probe
        self.clock = clock
        self.logger = logger
        schedule = ProbeSchedule(interval: Double(store.getState().probeInterval))
    }

    // MARK: Lifecycle

    /// Starts probing the current server at once (unless paused).
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        store.subscribe({ $0.currentServer.id }) { [weak self] _, _ in
            self?.currentServerChanged()
        }.store(in: &subscriptions)
        store.subscribe({ $0.probeInterval }) { [weak self] interval, _ in
            self?.schedule.interval = Double(interval)
        }.store(in: &subscriptions)
        if !isPaused { restart() }
    }

    /// Stops every timer and probe; no state is written afterwards.
    public func stop() {
        isRunning = false
        subscriptions.forEach { $0.cancel() }
        subscriptions.removeAll()
        cancelLoop()
        testAllTask?.cancel()
        testAllTask = nil
    }

    /// A switch is running: stop probing and writing (the switch owns the status).
    public func pause() {
        isPaused = true
        cancelLoop()
    }

    /// The switch is over. `seed` is the switch's test of the now current server: it counts
    /// as this server's first probe, so it is not tested again at once. Without a seed the
    /// schedule goes on where it was (a failed or cancelled switch kept the server).
    public func resume(seed: DetailedStatus? = nil) {
        isPaused = false
        guard isRunning else { return }
        let current = store.getState().currentServer
        if current.id != monitoredServerId {
            resetSchedule(for: current)
        }
        if let seed, seed.serverId == current.id {
            _ = schedule.apply(.probeStarted(manual: false))
            let before = store.getState().connectionStatus
            let after = apply(seed, of: current, before: before)
            report(current, seed, before, after)
            startLoop(after: nextDelay, manual: false)
        } else {
            startLoop(after: nextDelay, manual: false)
        }
    }

    // MARK: Tests on demand

    /// `r`: tests the current server at once, showing `testing`.
    public func testNow() {
        guard isRunning, !isPaused else { return }
        startLoop(after: 0, manual: true)
    }

    /// Tests one server and returns its result; the current server's result also drives the
    /// status (as `testNow`). Every result goes to `serverStatuses`.
    @discardableResult
    public func testServerConnectivity(_ serverId: String) async -> DetailedStatus? {
        let state = store.getState()
        guard let server = state.availableServers.first(where: { $0.id == serverId })
                ?? (state.currentServer.id == serverId ? state.currentServer : nil) else { return nil }
        if server.id == state.currentServer.id, isRunning, !isPaused {
            cancelLoop()
            let gen = generation
            let result = await probeOnce(server, manual: true, generation: gen)
            if gen == generation, isRunning, !isPaused { startLoop(after: nextDelay, manual: false) }
            return result
        }
        store.setState { $0.serverStatuses[server.id] = ServerProbeSummary(status: .testing) }
        let result = await probe(server)
        store.setState { $0.serverStatuses[server.id] = Self.summary(result) }
        return result
    }

    /// The settings pane: every known server at once; each row updates as its answer comes.
    public func testAll() {
        testAllTask?.cancel()
        let servers = store.getState().availableServers
        store.setState { state in
            for server in servers { state.serverStatuses[server.id] = ServerProbeSummary(status: .testing) }
        }
        let probe = probe
        testAllTask = Task { [weak self] in
            await withTaskGroup(of: DetailedStatus.self) { group in
                for server in servers {
                    group.addTask { await probe(server) }
                }
                for await result in group {
                    guard !Task.isCancelled, let self else { continue }
                    self.store.setState { $0.serverStatuses[result.serverId] = Self.summary(result) }
                }
            }
        }
    }

    /// Waits for the running `testAll` (tests and the command line).
    public func waitForTestAll() async {
        await testAllTask?.value
    }

    // MARK: The loop

    private func currentServerChanged() {
        guard isRunning, !isPaused else { return }
        restart()
    }

    private func restart() {
        resetSchedule(for: store.getState().currentServer)
        startLoop(after: 0, manual: false)
    }

    private func resetSchedule(for server: ServerConfig) {
        monitoredServerId = server.id
        schedule = ProbeSchedule(interval: Double(store.getState().probeInterval))
        nextDelay = 0
    }

    private func cancelLoop() {
        generation += 1
        loopTask?.cancel()
        loopTask = nil
    }

    private func startLoop(after delay: Double, manual: Bool) {
        cancelLoop()
        let gen = generation
        let sleep = clock.sleep
        loopTask = Task { [weak self] in
            var delay = delay
            var manual = manual
            while !Task.isCancelled {
                if delay > 0 {
                    do { try await sleep(delay) } catch { return }
                }
                guard let self, gen == self.generation else { return }
                let server = self.store.getState().currentServer
                _ = await self.probeOnce(server, manual: manual, generation: gen)
                guard gen == self.generation else { return }
                delay = self.nextDelay
                manual = false
            }
        }
    }

    /// One probe of the current server; nil when its result was dropped as stale.
    private func probeOnce(_ server: ServerConfig, manual: Bool, generation gen: Int) async -> DetailedStatus? {
        if server.id != monitoredServerId { resetSchedule(for: server) }
        _ = schedule.apply(.probeStarted(manual: manual))
        let shown = schedule.status
        store.setState { $0.connectionStatus = shown }
        let result = await probe(server)
        guard gen == generation, !isPaused, isRunning,
              store.getState().currentServer.id == server.id, result.serverId == server.id else {
            logger.debug("dropped a stale probe result", metadata: ["server": "\(server.id)"])
            return nil
        }
        let before = store.getState().connectionStatus
        let after = apply(result, of: server, before: before)
        report(server, result, before, after)
        return result
    }

    /// Feeds a result to the schedule and writes the state.
    private func apply(_ result: DetailedStatus, of server: ServerConfig, before: ConnectionStatus) -> ConnectionStatus {
        let healthy = result.isHealthy
        let next = schedule.apply(healthy ? .probeSucceeded : .probeFailed)
        if case .probe(let after) = next { nextDelay = after }
        // A connected server's first failure is re-tested at once: until it is confirmed the
        // screen keeps its last confirmed details.
        let confirmed = healthy || schedule.status != .connected
        var status = schedule.status
        if status == .connected && !healthy && before != .connected {
            // Defensive: never connected without a health success of this server.
            status = .error
        }
        let length = store.getState().preferences.sparklineLength
        store.setState { state in
            state.connectionStatus = status
            if confirmed {
                state.detailedStatus = result
                state.serverStatuses[server.id] = Self.summary(result)
            }
            if healthy, let time = result.responseTime {
                state.responseTimes.append(time)
                if state.responseTimes.count > max(0, length) {
                    state.responseTimes.removeFirst(state.responseTimes.count - max(0, length))
                }
            }
        }
        return status
    }

    private func report(_ server: ServerConfig, _ result: DetailedStatus, _ before: ConnectionStatus,
                        _ after: ConnectionStatus) {
        if store.getState().detailedLogging {
            logger.info("probe", metadata: ProbeLog.metadata(server: server, result: result))
        }
        if before != after {
            logger.info("status \(after.rawValue)", metadata: ["server": "\(server.id)"])
        }
        onResult?(server, result, before, after)
    }

    static func summary(_ result: DetailedStatus) -> ServerProbeSummary {
        ServerProbeSummary(result)
    }
}
