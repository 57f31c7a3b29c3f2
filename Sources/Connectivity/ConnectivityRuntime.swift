import BackendClient
import Logging
import SettingsStore

/// The connectivity layer of the full-screen app, in one object: the monitor, the switch
/// pipeline with fallback, the background watch of a failed configured server, sign-in,
/// and the settings-file watcher. The app makes it once after `loadSettings()` and calls
/// the actions below from its key handlers; everything it does reaches the screen through
/// the store's state.
@MainActor
public final class ConnectivityRuntime {
    public let store: AppSettingsStore
    public let prober: ServerProber
    public let monitor: ConnectionMonitor
    public let switcher: ServerSwitcher
    public let session: SessionManager
    public let recovery: RecoveryWatcher
    public let transport: TransportConfiguration

    private let clock: ConnectivityClock
    private let logger: Logger
    private var fileWatcher: SettingsFileWatcher?
    private var subscriptions: [StoreSubscription] = []
    private var lastFallbackAttempt: Double?
    private var isStopped = false

    /// Builds the layer, installs the switch pipeline in the store, starts watching
    /// settings.json and runs the switch on start (the configured server is tested).
    public static func start(store: AppSettingsStore, transport: TransportConfiguration,
                             httpTransport: any HTTPTransport = CurlEngine.shared,
                             clock: ConnectivityClock = .system, watchSettingsFile: Bool = true,
                             logger: Logger = Logger(label: "verbumcare.connectivity")) -> ConnectivityRuntime {
        let runtime = ConnectivityRuntime(store: store, transport: transport, httpTransport: httpTransport,
                                          clock: clock, logger: logger)
        runtime.begin(watchSettingsFile: watchSettingsFile)
        return runtime
    }

    private init(store: AppSettingsStore, transport: TransportConfiguration, httpTransport: any HTTPTransport,
                 clock: ConnectivityClock, logger: Logger) {
        self.store = store
        self.transport = transport
        self.clock = clock
        self.logger = logger
        let prober = ServerProber(paths: store.paths,
                                  settings: transport.settings(caBundleSetting: store.getState().caBundle),
                                  transport: httpTransport)
        self.prober = prober
        let probe: ConnectionMonitor.Probe = { server in await prober.check(server) }
        monitor = ConnectionMonitor(store: store, probe: probe, clock: clock, logger: logger)
        session = SessionManager(store: store, prober: prober, logger: logger)
        switcher = ServerSwitcher(store: store, monitor: monitor, probe: probe,
                                  fetchConfig: { server in await prober.fetchConfig(server) },
                                  dataStore: ServerDataStore(paths: store.paths),
                                  hasTokens: { server in prober.credentials(for: server).read() != nil },
                                  clock: clock, logger: logger)
        recovery = RecoveryWatcher(store: store, probe: probe, clock: clock, logger: logger)
    }

    private func begin(watchSettingsFile: Bool) {
        switcher.install()
        monitor.onResult = { [weak self] server, result, before, after in
            self?.probeResult(server: server, result: result, before: before, after: after)
        }
        session.onSessionChanged = { [weak self] in self?.testNow() }
        store.subscribe({ $0.caBundle }) { [weak self] caBundle, _ in
            guard let self else { return }
            self.prober.update(settings: self.transport.settings(caBundleSetting: caBundle))
        }.store(in: &subscriptions)
        store.session.subscribe({ $0.isSettingsPaneOpen }) { [weak self] isOpen, _ in
            // The pane shows every server's status: all are tested when it opens.
            if isOpen { self?.testAll() }
        }.store(in: &subscriptions)
        recovery.start()
        monitor.pause()
        monitor.start()
        if watchSettingsFile {
            let watcher = SettingsFileWatcher(path: store.paths.settingsFile,
                                              onChange: settingsChangeHandler(WeakRuntime(self)))
            do {
                try watcher.start()
                fileWatcher = watcher
            } catch {
                logger.warning("cannot watch settings.json", metadata: ["error": "\(error)"])
            }
        }
        let previous = store.previousSession?.lastKnownServerId
        logger.info("start", metadata: ["server": "\(store.configuredServer.id)",
                                        "previous": "\(previous ?? "-")"])
        switcher.request(store.configuredServer, source: store.configuredSource, origin: .start)
    }

    // MARK: Actions for the app

    /// `r`: test the current server now (the store's `refreshConnectionStatus`).
    public func testNow() {
        monitor.testNow()
    }

    /// `refreshConnectionStatus` under its store name.
    public func refreshConnectionStatus() {
        testNow()
    }

    /// The store's `testServerConnectivity(serverId)`.
    @discardableResult
    public func testServerConnectivity(_ serverId: String) async -> DetailedStatus? {
        await monitor.testServerConnectivity(serverId)
    }

    /// Every known server at once, into `serverStatuses` (the settings pane, `r` there).
    public func testAll() {
        monitor.testAll()
    }

    /// Esc during a switch: keep the previous server.
    public func cancelSwitch() {
        switcher.cancelSwitch()
    }

    /// `s` after `notice.switch_back_offer`: switch to the configured server again.
    public func switchBack() {
        guard store.getState().fallback != nil else { return }
        switcher.request(store.configuredServer, source: store.configuredSource, origin: .switchBack)
    }

    @discardableResult
    public func login(username: String, password: String) async -> Bool {
        await session.login(username: username, password: password)
    }

    public func dismissLogin() {
        session.dismissLogin()
    }

    public func logout() async {
        await session.logout()
    }

    /// What iOS did on becoming active: re-read settings.json, then validate, test, switch
    /// or fall back. Called by the file watcher; the app may call it too.
    public func settingsFileChanged() {
        guard !isStopped else { return }
        store.refreshServerConfig()
    }

    /// Waits until no switch is running (tests, and the app before it quits).
    public func waitUntilIdle() async {
        await switcher.waitUntilIdle()
    }

    /// Stops every timer, probe and watcher; saves the current server's data.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        fileWatcher?.stop()
        fileWatcher = nil
        subscriptions.forEach { $0.cancel() }
        subscriptions.removeAll()
        switcher.uninstall()
        monitor.stop()
        recovery.stop()
        session.stop()
        let state = store.getState()
        switcher.saveData(of: state.currentServer, health: state.detailedStatus)
    }

    // MARK: Probe results

    /// The fallback rule for a server that was working (or being watched) and fails.
    private func probeResult(server: ServerConfig, result: DetailedStatus, before: ConnectionStatus,
                             after: ConnectionStatus) {
        session.probeResult(result, of: server)
        let state = store.getState()
        if after == .connected {
            if before == .error, ServerSwitcher.isConnectivityMessage(state.lastError) {
                store.setState { state in
                    state.lastError = state.fallback.map { info in
                        let from = self.serverConfig(id: info.fromServerId) ?? state.currentServer
                        return ConnectivityMessages.fallbackNotice(failed: from, reason: info.reason, using: server)
                    }
                }
            }
            return
        }
        guard after == .error, !switcher.isSwitching else { return }
        let reason = ConnectivityMessages.failureReason(result)
        if state.serverSource == .fallback, let fallback = state.fallback {
            // The server used instead is failing too.
            if before != .error, let configured = serverConfig(id: fallback.fromServerId) {
                store.setState {
                    $0.lastError = ConnectivityMessages.allUnreachable(configured: configured, fallback: server,
                                                                       reason: fallback.reason)
                }
            }
            return
        }
        if FallbackRule.shouldTryFallback(failed: server, autoSwitchOnFailure: state.autoSwitchOnFailure),
           let target = serverConfig(id: FallbackRule.fallbackServerId) {
            // Tried when the error is confirmed, then at most once per backoff cap while it lasts.
            let now = clock.now()
            if before != .error || lastFallbackAttempt.map({ now - $0 >= ProbeSchedule.backoffCap }) ?? true {
                lastFallbackAttempt = now
                logger.info("fallback", metadata: ["from": "\(server.id)", "code": "\(reason.code.rawValue)"])
                switcher.request(target, source: .fallback, origin: .fallback(from: server, reason: reason))
            }
            return
        }
        if before != .error {
            store.setState { $0.lastError = ConnectivityMessages.unreachable(server, reason: reason) }
        }
    }

    private func serverConfig(id: String) -> ServerConfig? {
        if store.configuredServer.id == id { return store.configuredServer }
        return store.getState().availableServers.first { $0.id == id }
            ?? (id == ServerCatalog.defaultServerId ? ServerCatalog.defaultServer : nil)
    }
}

/// At file scope, so the closure carries no actor isolation: the watcher calls it on its own
/// thread, and it hops to the main actor itself.
private func settingsChangeHandler(_ reference: WeakRuntime) -> @Sendable () -> Void {
    {
        Task { @MainActor in reference.runtime?.settingsFileChanged() }
    }
}

/// A weak reference that can cross to the watcher thread; it is only read on the main actor.
private final class WeakRuntime: @unchecked Sendable {
    @MainActor weak var runtime: ConnectivityRuntime?

    @MainActor init(_ runtime: ConnectivityRuntime) {
        self.runtime = runtime
    }
}
