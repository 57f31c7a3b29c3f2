import BackendClient
import Connectivity
import History
import Logging
import SettingsStore

/// The watch's effect runner (SPEC §15): it tests every server for the monitor's rounds,
/// records results and incidents in the history database, delivers alerts, follows
/// mutes.json and reads the figures the screen shows. Like `ConnectivityRuntime` it never
/// changes the state: every result comes back to the store as an event.
@MainActor
public final class WatchRuntime {
    public let store: AppSettingsStore
    public let history: HistoryStore
    private let prober: ServerProber
    private let transport: TransportConfiguration
    private let clock: AppClock
    private let logger: Logger
    private let delivery: AlertDelivery
    private let muteFile: MuteFile
    private var muteWatcher: SettingsFileWatcher?
    private var roundTimer: Task<Void, Never>?
    private var muteTimer: Task<Void, Never>?
    /// Reads the figures again every minute: another process may be the one recording.
    private var historyTimer: Task<Void, Never>?
    private let tasks = EffectTasks()
    private var lastPrune = 0.0
    private var isStopped = false
    /// A round is being tested (from `testServers` to `roundFinished`).
    public private(set) var isRoundInFlight = false
    /// Called after every complete round (the monitor writes its textfile, `--once` exits).
    public var onRoundFinished: (@MainActor (Int) async -> Void)?

    /// Opens history (taking the recorder lock when free and `history_enabled`), reads the
    /// mutes and the incidents left open, and tells the store the watch began.
    private let role: WatchState.Role

    public init(store: AppSettingsStore, role: WatchState.Role, prober: ServerProber, transport: TransportConfiguration,
                clock: AppClock = .system, hookFolders: [String], host: String,
                logger: Logger = Logger(label: "verbumcare.watch")) {
        self.store = store
        self.prober = prober
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.role = role
        history = HistoryStore(paths: store.paths, role: role == .monitor ? .monitor : .app,
                               record: store.getState().historyEnabled,
                               now: clock.now(), logger: logger)
        delivery = AlertDelivery(hooks: HookRunner(folders: hookFolders), host: host, logger: logger)
        muteFile = MuteFile(paths: store.paths)
    }

    /// Starts: the incidents left open and the mutes are read, then `watchStarted`.
    public func start() async {
        let inherited = history.isRecording ? await history.inheritedIncidents() : []
        readMutes()
        let watcher = SettingsFileWatcher(path: muteFile.path, onChange: mutesChangeHandler(WeakWatch(self)))
        if (try? watcher.start()) != nil { muteWatcher = watcher }
        let recorder = history.holder.map { WatchState.Recorder(pid: $0.pid, role: $0.role.rawValue) }
        store.dispatch(.watchStarted(role: role, isRecording: history.isRecording, recorder: recorder,
                                     inherited: inherited,
                                     at: clock.now()))
        await readHistory()
        let sleep = clock.sleep
        historyTimer = Task { [weak self] in
            while true {
                do { try await sleep(60) } catch { return }
                guard let self, !self.isStopped else { return }
                await self.takeOverIfFree()
                await self.readHistory()
            }
        }
    }

    /// Stops timers and watchers; work in flight is cancelled.
    public func stop() {
        isStopped = true
        muteWatcher?.stop()
        muteWatcher = nil
        roundTimer?.cancel()
        muteTimer?.cancel()
        historyTimer?.cancel()
        tasks.cancelAll(stop: true)
    }

    /// Waits until no effect is in flight (tests, and the monitor before it exits).
    public func waitUntilIdle() async {
        while !tasks.isIdle { try? await Task.sleep(nanoseconds: 2_000_000) }
    }

    // MARK: Effects

    public func run(_ effects: [AppEffect]) {
        for effect in effects where !isStopped { run(effect) }
    }

    private func run(_ effect: AppEffect) {
        let now = clock.now
        switch effect {
        case let .testServers(servers, round, confirming):
            isRoundInFlight = true
            perform { [prober] in
                let results = await prober.checkAll(servers)
                return .serversTested(round: round, results: results, confirming: confirming, at: now())
            }
        case let .scheduleRound(round, delay):
            roundTimer?.cancel()
            roundTimer = timer(after: delay) { .roundTimerFired(round: round, at: now()) }
        case let .roundFinished(round, at):
            isRoundInFlight = false
            // Not tracked as in flight: `onRoundFinished` may wait until everything else is idle.
            Task { [weak self] in
                guard let self, !self.isStopped else { return }
                // A monitor that found another recorder takes over within a round of its stop.
                await self.takeOverIfFree()
                if at - self.lastPrune >= 3600 {
                    self.lastPrune = at
                    await self.history.prune(now: at)
                }
                await self.readHistory()
                await self.onRoundFinished?(round)
            }
        case let .record(results, confirming):
            let settings = store.getState()
            let bound = ProbeSample.boundMs(probeInterval: settings.probeInterval, connectionTimeout: settings.connectionTimeout)
            let samples = results.map { ProbeSample($0, boundMs: bound, confirming: confirming) }
            background { [history, weak self] in
                await history.record(samples)
                // Every surface reads the figures of the round just recorded (one set of figures).
                await self?.readHistory()
            }
        case let .openIncident(serverId, start, reason):
            let reason = IncidentReason(reason, server: Self.server(ofIncident: serverId, in: store.getState()))
            background { [history] in await history.openIncident(serverId: serverId, start: start, reason: reason) }
        case let .closeIncident(serverId, certificate, end):
            background { [history] in await history.closeIncident(serverId: serverId, certificate: certificate, end: end) }
        case .sendAlert(let event):
            let language = store.getState().currentLanguage
            let settings = store.getState().watchSettings
            let sender = webhookSender(settings)
            background { [history, delivery, logger] in
                guard await history.markAlerted(event.ledgerKey, at: event.at) else {
                    logger.info("alert already delivered", metadata: ["key": "\(event.ledgerKey)"])
                    return
                }
                _ = await delivery.deliver(event, language: language, webhooks: settings.alertWebhooks, sender: sender)
            }
        case let .updateTransport(caBundle, certWarningDays):
            prober.update(settings: transport.settings(caBundleSetting: caBundle, certWarningDays: certWarningDays))
        case .readHistory:
            background { [weak self] in await self?.readHistory() }
        case .scheduleMuteEnd(let delay):
            muteTimer?.cancel()
            muteTimer = timer(after: delay) { .muteTimerFired(at: now()) }
        default:
            break // the connectivity runtime, the store or the loop run the others
        }
    }

    /// The webhook sender for the current settings: `alert_ca_bundle` or the system store,
    /// with the process's `--connect-to` rules.
    public func webhookSender(_ settings: WatchSettings) -> WebhookSender {
        WebhookSender.make(settings: settings, transport: transport, httpTransport: prober.httpTransport, clock: clock)
    }

    /// `alerts test`: a `test` event through every hook and webhook, whatever the ledger says.
    public func sendTest(at: Double) async -> AlertDelivery.Report {
        let state = store.getState()
        let event = AlertEvent(kind: .test, server: state.currentServer, at: at, ledgerKey: "test:\(at)")
        return await delivery.deliver(event, language: state.currentLanguage,
                                      webhooks: state.watchSettings.alertWebhooks, sender: webhookSender(state.watchSettings))
    }

    // MARK: Reading

    /// The recorder stopped: this process records from now on (SPEC §15.2).
    func takeOverIfFree() async {
        guard store.getState().historyEnabled, !history.isRecording,
              await history.takeOverIfFree(now: clock.now()), !isStopped else { return }
        let inherited = await history.inheritedIncidents()
        store.dispatch(.recordingTakenOver(inherited: inherited, at: clock.now()))
    }

    /// The server an incident is about (a fallback's: the configured server that failed).
    static func server(ofIncident id: String, in settings: SettingsState) -> ServerConfig? {
        let serverId = WatchState.FallbackSpell.fallenFrom(incidentId: id) ?? id
        return settings.server(id: serverId) ?? ServerCatalog.server(id: serverId, in: settings.availableServers)
    }

    public func readHistory() async {
        let now = clock.now()
        let ids = store.getState().availableServers.map(\.id)
        guard let summary = await history.summary(serverIds: ids, now: now), !isStopped else { return }
        store.dispatch(.historyRead(summary))
    }

    func readMutes() {
        switch muteFile.read() {
        case .success(let list):
            if list != store.getAppState().watch.mutes { store.dispatch(.mutesRead(list, at: clock.now())) }
        case .failure(let problem):
            logger.warning("mutes.json cannot be read; it is left as it is", metadata: ["problem": "\(problem)"])
        }
    }

    // MARK: Tasks

    private func perform(_ work: @escaping @Sendable () async -> AppEvent) {
        tasks.perform(work) { [weak self] event in self?.store.dispatch(event) }
    }

    private func background(_ work: @escaping @MainActor () async -> Void) {
        tasks.background(work)
    }

    private func timer(after seconds: Double, _ event: @escaping @Sendable () -> AppEvent) -> Task<Void, Never> {
        tasks.timer(after: seconds, sleep: clock.sleep, event) { [weak self] event in self?.store.dispatch(event) }
    }
}

extension ProbeSample {
    /// A result as history keeps it: the health check's outcome, its time when it answered,
    /// and the reason when it did not (a timeout's 10 s would only distort the percentiles);
    /// how long it may stand for, and whether it confirms the one before (`Stopwatch`).
    public init(_ result: DetailedStatus, boundMs: Int64 = ProbeSample.defaultBoundMs, confirming: Bool = false) {
        let ok = result.isHealthy
        self.init(serverId: result.serverId, at: Int64((result.lastChecked * 1000).rounded()), ok: ok,
                  latencyMs: ok ? result.responseTime : nil,
                  reasonCode: ok ? nil : ConnectivityMessages.failureReason(result).code.rawValue,
                  boundMs: boundMs, confirming: confirming)
    }
}

/// At file scope, so the closure carries no actor isolation (the watcher calls it on its thread).
private func mutesChangeHandler(_ reference: WeakWatch) -> @Sendable () -> Void {
    { Task { @MainActor in reference.runtime?.readMutes() } }
}

private final class WeakWatch: @unchecked Sendable {
    // @unchecked: read on the main actor only.
    @MainActor weak var runtime: WatchRuntime?

    @MainActor init(_ runtime: WatchRuntime) {
        self.runtime = runtime
    }
}
