import BackendClient
import FoundationEssentials
import Logging
import SettingsStore

/// The connectivity engine of the one effect runner (`EffectRunner`): the libcurl prober, the
/// API sessions, the servers' saved data and the watch of settings.json and app-state.json. The
/// runner decides what runs and tracks it; this engine makes the work (each piece ends in the
/// event that reports it) and never changes the state itself. What it keeps (API clients, file
/// watchers) is the machinery of the effects; what it learns (a server's `/api/config`) goes to
/// the state as an event.
@MainActor
public final class ConnectivityRuntime {
    public let store: AppSettingsStore
    public let prober: ServerProber
    public let transport: TransportConfiguration
    /// The runner this engine is attached to.
    public let runner: EffectRunner
    /// The clock of connectivity's timers and events.
    public let clock: AppClock

    private let logger: Logger
    private let dataStore: ServerDataStore
    private var fileWatcher: SettingsFileWatcher?
    private var appStateWatcher: SettingsFileWatcher?
    private let sessions: SessionClients
    private var timelineWatch: StoreSubscription?
    private var isStopped = false
    /// Whether this engine made its runner (a store without the app's loop) and stops it.
    private var ownsRunner = false

    /// Attaches the engine to `runner` (a new one, attached to the store, when nil), starts
    /// watching settings.json and app-state.json and tells the store that connectivity
    /// started (the configured server is tested).
    public static func start(store: AppSettingsStore, transport: TransportConfiguration,
                             httpTransport: any HTTPTransport = CurlEngine.shared,
                             clock: AppClock = .system, watchSettingsFile: Bool = true,
                             runner: EffectRunner? = nil,
                             refreshLimiter: RefreshLimiter = .shared,
                             logger: Logger = Logger(label: "verbumcare.connectivity")) -> ConnectivityRuntime {
        let made = runner ?? EffectRunner(store: store)
        if runner == nil { made.attach() }
        let runtime = ConnectivityRuntime(store: store, runner: made, transport: transport, httpTransport: httpTransport,
                                          clock: clock, refreshLimiter: refreshLimiter, logger: logger)
        runtime.ownsRunner = runner == nil
        made.attach(connectivity: runtime)
        runtime.begin(watchSettingsFile: watchSettingsFile)
        return runtime
    }

    private init(store: AppSettingsStore, runner: EffectRunner, transport: TransportConfiguration,
                 httpTransport: any HTTPTransport, clock: AppClock, refreshLimiter: RefreshLimiter, logger: Logger) {
        self.store = store
        self.runner = runner
        self.transport = transport
        self.clock = clock
        self.logger = logger
        prober = ServerProber(paths: store.paths,
                              settings: transport.settings(caBundleSetting: store.getState().caBundle,
                                                           certWarningDays: store.getState().certWarningDays),
                              transport: httpTransport, clock: clock)
        dataStore = ServerDataStore(paths: store.paths)
        sessions = SessionClients(prober: prober, refreshLimiter: refreshLimiter, logger: logger)
    }

    private func begin(watchSettingsFile: Bool) {
        // What reads of credentials files find becomes notices (only when there is something
        // to say); the prober reads them on its own threads, the runner's inbox brings them here.
        let clock = clock
        let inbox = runner.inbox
        prober.reportCredentials { [weak self] serverId, problems in
            guard !problems.isEmpty else { return }
            let at = clock.now()
            inbox.post { [weak self] in
                guard let self, !self.isStopped else { return }
                self.store.dispatch(.credentialsChecked(serverId: serverId, problems: problems, at: at))
            }
        }
        // A refused refresh (met inside a request the runner runs) asks for sign-in through the
        // inbox: the runner hands it on while it runs, and nothing once it stopped.
        sessions.onSignInRequired = { [weak self] serverId in
            let at = clock.now()
            inbox.post { [weak self] in
                guard let self, !self.isStopped else { return }
                self.store.dispatch(.signInRequested(serverId: serverId, sessionEnded: true, at: at))
            }
        }
        // The timeline is the record of what happened: the log follows it.
        timelineWatch = store.subscribe({ $0.timeline.first }) { [weak self] entry, _ in
            guard let entry else { return }
            self?.logger.info("\(entry.kind.rawValue)", metadata: TimelineLog.metadata(entry))
        }
        if watchSettingsFile {
            fileWatcher = watch(store.paths.settingsFile, name: "settings.json") { [weak self] in self?.settingsFileChanged() }
            // A language chosen by another copy (`lang` in another terminal) shows here too.
            appStateWatcher = watch(store.paths.appStateFile, name: "app-state.json") { [weak self] in self?.appStateFileChanged() }
        }
        logger.info("start", metadata: ["server": "\(store.getState().configuredServer.id)"])
        store.dispatch(.connectivityStarted(at: clock.now()))
    }

    /// A started watcher of `path` (nil, logged, when the file cannot be watched): its thread
    /// posts to the runner's inbox, which calls `onChange` on the main actor.
    private func watch(_ path: String, name: String,
                       onChange: @escaping @Sendable @MainActor () -> Void) -> SettingsFileWatcher? {
        let inbox = runner.inbox
        return SettingsFileWatcher.started(path, name: name, logger: logger) { inbox.post(onChange) }
    }

    /// What iOS did on becoming active: re-read settings.json and apply it (called by the
    /// file watcher; the app may call it too).
    public func settingsFileChanged() {
        guard !isStopped else { return }
        store.refreshServerConfig()
    }

    /// app-state.json changed on disk: another copy's language is taken over.
    public func appStateFileChanged() {
        guard !isStopped else { return }
        store.refreshAppState()
    }

    /// Waits until no switch runs and no effect is in flight (tests, and the app before it quits).
    public func waitUntilIdle() async {
        await runner.waitUntilIdle()
    }

    /// Stops every timer, probe and watcher; saves the current server's data.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        fileWatcher?.stop()
        fileWatcher = nil
        appStateWatcher?.stop()
        appStateWatcher = nil
        timelineWatch?.cancel()
        store.dispatch(.connectivityStopped)
        runner.detachConnectivity()
        if ownsRunner { runner.stop() }
        sessions.stop()
        let state = store.getState()
        saveData(of: state.currentServer, health: state.detailedStatus)
    }

    // MARK: The work (made here, run and tracked by the runner)

    func testAddress(_ server: ServerConfig) -> EffectWork {
        let now = clock.now
        return { [prober] in
            .addressTested(address: server.baseUrl, summary: ServerProbeSummary(await prober.check(server)), at: now())
        }
    }

    /// Reads the file: off the main thread.
    func inspectCABundle(_ path: String) -> EffectWork {
        let now = clock.now
        return { .caBundleInspected(path: path, refusal: CABundleCheck.refusal(CABundleCheck.inspect(path: path), path: path),
                                    at: now()) }
    }

    func probe(_ server: ServerConfig, generation: Int) -> EffectWork {
        let now = clock.now
        return { [prober] in
            let hadToken = prober.credentials(for: server).read() != nil
            let result = await prober.check(server)
            return .probeCompleted(generation: generation, result: result, hadToken: hadToken, at: now())
        }
    }

    /// A pane row's test keeps no connection: hundreds of rows would otherwise leave up to the
    /// engine's idle pool of descriptors held after the pane closes.
    func testRow(_ server: ServerConfig, generation: Int) -> EffectWork {
        { [prober] in
            .rowTestCompleted(generation: generation, result: await prober.check(server, keepingConnections: false))
        }
    }

    func probeRecovery(_ server: ServerConfig, generation: Int) -> EffectWork {
        let now = clock.now
        return { [prober] in
            .recoveryProbeCompleted(generation: generation, result: await prober.check(server), at: now())
        }
    }

    /// A turn of the main queue, so a frame can show the step before the next one.
    func stepDone(generation: Int, step: SwitchStep) -> EffectWork {
        let now = clock.now
        return { .switchStepCompleted(generation: generation, step: step, at: now()) }
    }

    func saveServerData(_ server: ServerConfig, health: DetailedStatus?, generation: Int) -> EffectWork {
        saveData(of: server, health: health)
        return stepDone(generation: generation, step: .savingServerData)
    }

    func restoreServerData(_ server: ServerConfig, generation: Int) -> EffectWork {
        if store.getState().connectivity.serverConfigs[server.id] == nil, let saved = dataStore.restore(server).config {
            store.dispatch(.serverConfigRead(serverId: server.id, config: Array(saved)))
        }
        return stepDone(generation: generation, step: .restoringServerData)
    }

    /// One refresh through the API client; when it works, the server is tested again.
    func verifyToken(of server: ServerConfig) async {
        guard await sessions.verifyToken(of: server), !isStopped else { return }
        store.refreshConnectionStatus()
    }

    func signIn(_ server: ServerConfig, username: String, password: SecretText) -> EffectWork {
        let now = clock.now
        return { [sessions] in await sessions.signIn(server, username: username, password: password, at: now) }
    }

    func signOut(_ server: ServerConfig) -> EffectWork {
        let now = clock.now
        return { [sessions] in await sessions.signOut(server, at: now) }
    }

    func updateTransport(caBundle: String?, certWarningDays: Int) {
        prober.update(settings: transport.settings(caBundleSetting: caBundle, certWarningDays: certWarningDays))
        sessions.reset()
    }

    /// Reads files and asks Avahi over its socket (up to a second): off the main thread.
    func inspectMDNS() -> EffectWork {
        { .mdnsInspected(MDNSFinding(MDNSFacts.read())) }
    }

    func testSwitchTarget(_ server: ServerConfig, generation: Int) -> EffectWork {
        let now = clock.now
        let detailedLogging = store.getState().detailedLogging
        let logger = logger
        return { [prober, weak self] in
            let hadToken = prober.credentials(for: server).read() != nil
            async let tested = prober.check(server)
            async let fetched = prober.fetchConfig(server)
            let (result, config) = await (tested, fetched)
            if detailedLogging { logger.info("switch test", metadata: ProbeLog.metadata(server: server, result: result)) }
            if let config { await self?.report(config: config, of: server.id) }
            return .switchTestCompleted(generation: generation, result: result, hadToken: hadToken, at: now())
        }
    }

    /// Before the test's own event, inside its task: a cancelled test reports nothing.
    private func report(config: Data, of serverId: String) {
        guard !isStopped, !Task.isCancelled else { return }
        store.dispatch(.serverConfigRead(serverId: serverId, config: Array(config)))
    }

    /// Detailed logging adds every probe's timings.
    func log(_ event: AppEvent) {
        guard store.getState().detailedLogging else { return }
        switch event {
        case .probeCompleted(_, let result, _, _), .rowTestCompleted(_, let result),
             .recoveryProbeCompleted(_, let result, _):
            if let server = store.getState().server(id: result.serverId) {
                logger.info("probe", metadata: ProbeLog.metadata(server: server, result: result))
            }
        default:
            break
        }
    }

    /// Saves what is known of a server that stops being current. A failed write is logged:
    /// the switch itself does not depend on the cache.
    private func saveData(of server: ServerConfig, health: DetailedStatus?) {
        let snapshot = ServerSnapshot(config: store.getState().connectivity.serverConfigs[server.id].map { Data($0) },
                                      health: health?.serverId == server.id ? health : nil)
        guard !snapshot.isEmpty else { return }
        do {
            try dataStore.save(snapshot, for: server)
        } catch {
            logger.warning("could not save server data", metadata: ["server": "\(server.id)", "error": "\(ErrorReason.text(error))"])
        }
    }
}
