import Logging
import SettingsStore

/// While a fallback is in effect, keeps testing the configured server in the background
/// (SPEC §6.5) and sets `fallback.configuredRecovered` when it answers, so the screen can
/// offer, never force, a switch back. Paced like the monitor: the probe interval while it
/// answers, exponential backoff while it does not.
@MainActor
public final class RecoveryWatcher {
    private let store: AppSettingsStore
    private let probe: ConnectionMonitor.Probe
    private let clock: ConnectivityClock
    private let logger: Logger
    private var task: Task<Void, Never>?
    private var watchedServerId: String?
    private var subscription: StoreSubscription?

    public init(store: AppSettingsStore, probe: @escaping ConnectionMonitor.Probe, clock: ConnectivityClock = .system,
                logger: Logger = Logger(label: "verbumcare.connectivity.recovery")) {
        self.store = store
        self.probe = probe
        self.clock = clock
        self.logger = logger
    }

    public func start() {
        subscription = store.subscribe({ $0.fallback?.fromServerId }, fireImmediately: true) { [weak self] id, _ in
            self?.watch(id)
        }
    }

    public func stop() {
        subscription?.cancel()
        subscription = nil
        watch(nil)
    }

    public var isWatching: Bool { task != nil }

    private func watch(_ serverId: String?) {
        guard serverId != watchedServerId else { return }
        task?.cancel()
        task = nil
        watchedServerId = serverId
        guard let serverId else { return }
        logger.info("watching the configured server", metadata: ["server": "\(serverId)"])
        let sleep = clock.sleep
        task = Task { [weak self] in
            var schedule = ProbeSchedule(interval: 10)
            var delay = ProbeSchedule.backoffStart
            while !Task.isCancelled {
                do { try await sleep(delay) } catch { return }
                guard let self, self.watchedServerId == serverId,
                      let server = self.server(id: serverId) else { return }
                schedule.interval = Double(self.store.getState().probeInterval)
                let result = await self.probe(server)
                guard !Task.isCancelled, self.watchedServerId == serverId else { return }
                self.apply(result, of: server)
                if case .probe(let after) = schedule.apply(result.isHealthy ? .probeSucceeded : .probeFailed) {
                    delay = after
                }
            }
        }
    }

    private func server(id: String) -> ServerConfig? {
        let state = store.getState()
        if store.configuredServer.id == id { return store.configuredServer }
        return state.availableServers.first { $0.id == id }
    }

    private func apply(_ result: DetailedStatus, of server: ServerConfig) {
        let healthy = result.isHealthy
        store.setState { state in
            guard var fallback = state.fallback, fallback.fromServerId == server.id else { return }
            let wasRecovered = fallback.configuredRecovered
            fallback.configuredRecovered = healthy
            if !healthy { fallback.reason = ConnectivityMessages.failureReason(result) }
            state.fallback = fallback
            state.serverStatuses[server.id] = ConnectionMonitor.summary(result)
            if healthy && !wasRecovered {
                state.lastError = ConnectivityMessages.switchBackOffer(server)
            } else if !healthy && wasRecovered, state.lastError?.key == "notice.switch_back_offer" {
                state.lastError = ConnectivityMessages.fallbackNotice(failed: server, reason: fallback.reason,
                                                                      using: state.currentServer)
            }
        }
        if healthy { logger.info("configured server answers again", metadata: ["server": "\(server.id)"]) }
    }
}
