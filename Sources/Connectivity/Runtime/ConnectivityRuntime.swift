import BackendClient
import FoundationEssentials
import Logging
import SettingsStore

/// The full-screen app's effect runner: it performs what the reducer asks for (probes, timers,
/// the switch's test and server data, sign-in requests, the settings-file watch) and reports
/// every result back to the store as an event. It never changes the state itself; what it
/// keeps (timers, tasks in flight, API clients, the last `/api/config` of each server) is the
/// machinery of the effects, not the app's situation.
@MainActor
public final class ConnectivityRuntime {
    public let store: AppSettingsStore
    public let prober: ServerProber
    public let transport: TransportConfiguration

    private let clock: AppClock
    private let logger: Logger
    private let dataStore: ServerDataStore
    private var fileWatcher: SettingsFileWatcher?
    private var appStateWatcher: SettingsFileWatcher?
    /// Work in flight and the timers (`.probe`, `.recoveryProbe`, and `.paneRetest`, which
    /// runs only while the pane is open).
    private let tasks: EffectTasks
    private let sessions: SessionClients
    /// The `/api/config` answer of each server, from its last switch test.
    private var configs: [String: Data] = [:]
    private var timelineWatch: StoreSubscription?
    private var isStopped = false
    /// Whether this runner set the store's effect handler itself (else the app's loop routes).
    private var routesEffects = true

    /// Attaches the runner to the store, starts watching settings.json and app-state.json and
    /// tells the store that connectivity started (the configured server is tested). With
    /// `routesEffects` false the caller (the app's loop) hands this runner its effects through
    /// `run(_:)`, together with the effects that are its own.
    public static func start(store: AppSettingsStore, transport: TransportConfiguration,
                             httpTransport: any HTTPTransport = CurlEngine.shared,
                             clock: AppClock = .system, watchSettingsFile: Bool = true,
                             routesEffects: Bool = true,
                             refreshLimiter: RefreshLimiter = .shared,
                             logger: Logger = Logger(label: "verbumcare.connectivity")) -> ConnectivityRuntime {
        let runtime = ConnectivityRuntime(store: store, transport: transport, httpTransport: httpTransport,
                                          clock: clock, refreshLimiter: refreshLimiter, logger: logger)
        runtime.begin(watchSettingsFile: watchSettingsFile, routesEffects: routesEffects)
        return runtime
    }

    private init(store: AppSettingsStore, transport: TransportConfiguration, httpTransport: any HTTPTransport,
                 clock: AppClock, refreshLimiter: RefreshLimiter, logger: Logger) {
        self.store = store
        self.transport = transport
        self.clock = clock
        self.logger = logger
        tasks = EffectTasks(clock: clock)
        prober = ServerProber(paths: store.paths,
                              settings: transport.settings(caBundleSetting: store.getState().caBundle,
                                                           certWarningDays: store.getState().certWarningDays),
                              transport: httpTransport, clock: clock)
        dataStore = ServerDataStore(paths: store.paths)
        sessions = SessionClients(prober: prober, refreshLimiter: refreshLimiter, logger: logger)
    }

    private func begin(watchSettingsFile: Bool, routesEffects: Bool) {
        self.routesEffects = routesEffects
        if routesEffects {
            store.effectHandler = { [weak self] effects in self?.run(effects) }
        }
        // What reads of credentials files find becomes notices (only when there is something to say).
        let clock = clock
        prober.reportCredentials { [weak self] serverId, problems in
            guard !problems.isEmpty else { return }
            let at = clock.now()
            Task { @MainActor in
                guard let self, !self.isStopped else { return }
                self.store.dispatch(.credentialsChecked(serverId: serverId, problems: problems, at: at))
            }
        }
        sessions.onSignInRequired = { [weak self] serverId in
            guard let self else { return }
            self.store.dispatch(.signInRequested(serverId: serverId, sessionEnded: true, at: self.clock.now()))
        }
        // The timeline is the record of what happened: the log follows it.
        timelineWatch = store.subscribe({ $0.timeline.first }) { [weak self] entry, _ in
            guard let entry else { return }
            self?.logger.info("\(entry.kind.rawValue)", metadata: TimelineLog.metadata(entry))
        }
        if watchSettingsFile {
            fileWatcher = SettingsFileWatcher.started(store.paths.settingsFile, name: "settings.json", logger: logger,
                                                      onChange: settingsChangeHandler(WeakRuntime(self)))
            // A language chosen by another copy (`lang` in another terminal) shows here too.
            appStateWatcher = SettingsFileWatcher.started(store.paths.appStateFile, name: "app-state.json",
                                                          logger: logger, onChange: appStateChangeHandler(WeakRuntime(self)))
        }
        logger.info("start", metadata: ["server": "\(store.getState().configuredServer.id)"])
        store.dispatch(.connectivityStarted(at: clock.now()))
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
        while store.getState().connectivity.activeSwitch != nil || !tasks.isIdle {
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
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
        if store.effectHandler != nil && routesEffects { store.effectHandler = nil }
        cancelEverything()
        sessions.stop()
        let state = store.getState()
        saveData(of: state.currentServer, health: state.detailedStatus)
    }

    // MARK: Effects

    public func run(_ effects: [AppEffect]) {
        // Attached to a store without a loop (the command line), it is handed every effect:
        // it runs its own (`AppEffect.runner`).
        for effect in effects where !isStopped && effect.runner == .connectivity {
            run(effect)
        }
    }

    private func run(_ effect: AppEffect) {
        let now = clock.now
        switch effect {
        case .testAddress(let server):
            perform { [prober] in
                .addressTested(address: server.baseUrl, summary: ServerProbeSummary(await prober.check(server)), at: now())
            }
        case .inspectCABundle(let path):
            // Reads the file: off the main thread.
            perform { .caBundleInspected(path: path, refusal: CABundleCheck.refusal(CABundleCheck.inspect(path: path), path: path),
                                         at: now()) }
        case let .scheduleProbe(generation, delay):
            timer(.probe, after: delay) { .probeTimerFired(generation: generation, at: now()) }
        case let .scheduleRecoveryProbe(generation, delay):
            timer(.recoveryProbe, after: delay) { .recoveryTimerFired(generation: generation, at: now()) }
        case .schedulePaneRetest(let delay):
            if let delay {
                timer(.paneRetest, after: delay) { .paneRetestTimerFired(at: now()) }
            } else {
                tasks.cancelTimer(.paneRetest)
            }
        case let .probe(server, generation):
            perform { [prober] in
                let hadToken = prober.credentials(for: server).read() != nil
                let result = await prober.check(server)
                return .probeCompleted(generation: generation, result: result, hadToken: hadToken, at: now())
            }
        case let .testRow(server, generation):
            // A pane row's test keeps no connection: hundreds of rows would otherwise leave up to
            // the engine's idle pool of descriptors held after the pane closes.
            perform { [prober] in
                .rowTestCompleted(generation: generation, result: await prober.check(server, keepingConnections: false))
            }
        case let .probeRecovery(server, generation):
            perform { [prober] in
                .recoveryProbeCompleted(generation: generation, result: await prober.check(server), at: now())
            }
        case let .testSwitchTarget(server, generation):
            testSwitchTarget(server, generation: generation)
        case let .advanceSwitch(generation, step):
            // A turn of the main queue, so a frame can show the step before the next one.
            perform { .switchStepCompleted(generation: generation, step: step, at: now()) }
        case let .saveServerData(server, health, generation):
            saveData(of: server, health: health)
            perform { .switchStepCompleted(generation: generation, step: .savingServerData, at: now()) }
        case let .restoreServerData(server, generation):
            if configs[server.id] == nil, let saved = dataStore.restore(server).config { configs[server.id] = saved }
            perform { .switchStepCompleted(generation: generation, step: .restoringServerData, at: now()) }
        case .verifyToken(let server):
            sessions.verifyToken(of: server) { [weak self] in self?.store.refreshConnectionStatus() }
        case let .signIn(server, username, password):
            perform { [sessions] in await sessions.signIn(server, username: username, password: password, at: now) }
        case .signOut(let server):
            perform { [sessions] in await sessions.signOut(server, at: now) }
        case let .updateTransport(caBundle, certWarningDays):
            prober.update(settings: transport.settings(caBundleSetting: caBundle, certWarningDays: certWarningDays))
            sessions.reset()
        case .inspectMDNS:
            // Reads files and asks Avahi over its socket (up to a second): off the main thread.
            perform { .mdnsInspected(MDNSFinding(MDNSFacts.read())) }
        case .stopConnectivity:
            cancelEverything()
        default:
            break // `AppEffect.runner` gives the others to the store, the loop or the watch
        }
    }

    private func testSwitchTarget(_ server: ServerConfig, generation: Int) {
        let now = clock.now
        let detailedLogging = store.getState().detailedLogging
        let logger = logger
        perform { [prober, weak self] in
            let hadToken = prober.credentials(for: server).read() != nil
            async let tested = prober.check(server)
            async let fetched = prober.fetchConfig(server)
            let (result, config) = await (tested, fetched)
            if detailedLogging { logger.info("switch test", metadata: ProbeLog.metadata(server: server, result: result)) }
            if let config { await self?.remember(config: config, of: server.id) }
            return .switchTestCompleted(generation: generation, result: result, hadToken: hadToken, at: now())
        }
    }

    private func remember(config: Data, of serverId: String) {
        configs[serverId] = config
    }

    /// Runs `work` off the main actor and dispatches its event on it.
    private func perform(_ work: @escaping @Sendable () async -> AppEvent) {
        tasks.perform(work) { [weak self] event in
            guard let self, !self.isStopped else { return }
            self.log(event)
            self.store.dispatch(event)
        }
    }

    private func timer(_ id: TimerID, after seconds: Double, _ event: @escaping @Sendable () -> AppEvent) {
        tasks.timer(id, after: seconds, event) { [weak self] event in
            guard let self, !self.isStopped else { return }
            self.store.dispatch(event)
        }
    }

    private func cancelEverything() {
        tasks.cancelAll()
    }

    /// Detailed logging adds every probe's timings.
    private func log(_ event: AppEvent) {
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
        let snapshot = ServerSnapshot(config: configs[server.id],
                                      health: health?.serverId == server.id ? health : nil)
        guard !snapshot.isEmpty else { return }
        do {
            try dataStore.save(snapshot, for: server)
        } catch {
            logger.warning("could not save server data", metadata: ["server": "\(server.id)", "error": "\(ErrorReason.text(error))"])
        }
    }
}

/// At file scope, so the closure carries no actor isolation: the watcher calls it on its own
/// thread, and it hops to the main actor itself.
private func settingsChangeHandler(_ reference: WeakRuntime) -> @Sendable () -> Void {
    {
        Task { @MainActor in reference.runtime?.settingsFileChanged() }
    }
}

/// The same for app-state.json.
private func appStateChangeHandler(_ reference: WeakRuntime) -> @Sendable () -> Void {
    {
        Task { @MainActor in reference.runtime?.appStateFileChanged() }
    }
}

/// A weak reference that can cross to the watcher thread; it is only read on the main actor.
private final class WeakRuntime: @unchecked Sendable {
    @MainActor weak var runtime: ConnectivityRuntime?

    @MainActor init(_ runtime: ConnectivityRuntime) {
        self.runtime = runtime
    }
}
