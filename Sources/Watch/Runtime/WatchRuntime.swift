import BackendClient
import Connectivity
import History
import Localization
import Logging
import SettingsStore

/// The watch's effect runner (SPEC §15): it tests servers for the rounds, records results and
/// incidents in the history database, stores alerts in the outbox and delivers them, follows
/// mutes.json and reads the figures the screen shows. Like `ConnectivityRuntime` it never
/// changes the state: every result comes back to the store as an event. What it keeps is
/// machinery (the lock's descriptor, database handles, timers, tasks and deliveries in flight),
/// not facts: who records, the round, the last prune and the outcomes are the state's.
@MainActor
public final class WatchRuntime {
    public let store: AppSettingsStore
    public let history: HistoryStore
    public let outbox: OutboxStore
    private let prober: ServerProber
    private let transport: TransportConfiguration
    private let clock: AppClock
    private let logger: Logger
    private let delivery: AlertDelivery
    private let role: WatchState.Role
    private let lockPath: String
    private let muteFile: MuteFile
    private var muteWatcher: SettingsFileWatcher?
    private let drillFile: DrillFile
    private var drillWatcher: SettingsFileWatcher?
    private var lock: RecorderLock?
    /// Work in flight and the timers (`.round`, `.muteEnd`, `.drillEnd`).
    private let tasks: EffectTasks
    private var isStopped = false
    /// Called after every complete round (the monitor writes its textfile, `--once` exits).
    public var onRoundFinished: (@MainActor (Int) async -> Void)?
    /// Called when the status page could not be written, once until it is written again (the
    /// monitor says why on stderr; the log has it either way).
    public var onStatusPageProblem: (@MainActor (StatusPageProblem) -> Void)?
    /// The last status page write failed and was told (machinery: told once, not each round).
    private var statusPageFailing = false

    public init(store: AppSettingsStore, role: WatchState.Role, prober: ServerProber, transport: TransportConfiguration,
                clock: AppClock = .system, hookFolders: [String], host: String,
                logger: Logger = Logger(label: "verbumcare.watch")) {
        self.store = store
        self.prober = prober
        self.transport = transport
        self.clock = clock
        self.logger = logger
        tasks = EffectTasks(clock: clock)
        self.role = role
        delivery = AlertDelivery(hooks: HookRunner(folders: hookFolders), host: host, logger: logger)
        lockPath = RecorderLock.path(stateDirectory: store.paths.stateDirectory)
        history = HistoryStore(paths: store.paths, now: clock.now(), clock: clock, logger: logger)
        outbox = OutboxStore(paths: store.paths, clock: clock, logger: logger)
        muteFile = MuteFile(paths: store.paths)
        drillFile = DrillFile(paths: store.paths)
    }

    /// Starts: the recorder lock is tried, the incidents left open and the mutes are read, then
    /// `watchStarted` (whose effects deliver what the outbox holds and start the first round).
    public func start() async {
        let taken = takeLock()
        let inherited = taken.recording ? await becomeRecorder() : []
        readMutes()
        muteWatcher = SettingsFileWatcher.started(muteFile.path, name: "mutes.json", logger: logger,
                                                 onChange: mutesChangeHandler(WeakWatch(self)))
        readDrills()
        drillWatcher = SettingsFileWatcher.started(drillFile.path, name: "drills.json", logger: logger,
                                                  onChange: drillsChangeHandler(WeakWatch(self)))
        store.dispatch(.watchStarted(role: role, isRecording: taken.recording, recorder: taken.holder,
                                     inherited: inherited, lockProblem: taken.problem, at: clock.now()))
    }

    /// Stops timers and watchers; work in flight is cancelled. The lock is let go.
    public func stop() {
        isStopped = true
        muteWatcher?.stop()
        muteWatcher = nil
        drillWatcher?.stop()
        drillWatcher = nil
        tasks.cancelAll(stop: true)
        lock?.release()
        lock = nil
    }

    /// Waits until no effect is in flight (tests, and the monitor before it exits).
    public func waitUntilIdle() async {
        while !tasks.isIdle { try? await Task.sleep(nanoseconds: 2_000_000) }
    }

    // MARK: Effects

    public func run(_ effects: [AppEffect]) {
        for effect in effects where !isStopped && effect.runner == .watch { run(effect) }
    }

    private func run(_ effect: AppEffect) {
        let now = clock.now
        switch effect {
        case let .testServers(servers, round, confirming):
            perform { [prober] in
                let results = await prober.checkAll(servers)
                return .serversTested(round: round, results: results, confirming: confirming, at: now())
            }
        case let .scheduleRound(round, delay):
            timer(.round, after: delay) { .roundTimerFired(round: round, at: now()) }
        case .roundFinished(let round, _):
            // Not tracked as in flight: `onRoundFinished` may wait until everything else is idle.
            // The figures are read first, on the history queue after this round's records (the
            // tasks that write them were started before this one), for the monitor's textfile.
            Task { [weak self] in
                guard let self, !self.isStopped else { return }
                await self.readHistory()
                await self.onRoundFinished?(round)
            }
        case let .record(results, confirming):
            let settings = store.getState()
            let bound = ProbeSample.boundMs(probeInterval: settings.probeInterval, connectionTimeout: settings.connectionTimeout)
            let samples = results.map { ProbeSample($0, boundMs: bound, confirming: confirming) }
            background { [history] in
                // `history_enabled` may have been turned on since this process began recording.
                if !history.isRecording { await history.becomeWriter(now: now()) }
                await history.record(samples)
            }
        case let .openIncident(serverId, start, reason):
            let reason = IncidentReason(reason, server: Self.server(ofIncident: serverId, in: store.getState()))
            background { [history] in await history.openIncident(serverId: serverId, start: start, reason: reason) }
        case let .closeIncident(serverId, certificate, end):
            background { [history] in await history.closeIncident(serverId: serverId, certificate: certificate, end: end) }
        case .sendAlert(let event):
            send(event)
        case let .recordAlertOutcome(key, target, outcome):
            background { [outbox] in await outbox.record(key: key, target: target, outcome: outcome) }
        case .deliverOutbox(let at):
            background { [weak self, outbox] in
                let due = await outbox.due(now: at)
                guard let self, !self.isStopped else { return }
                for delivery in due { self.deliver(delivery.alert, to: delivery.target) }
            }
        case .checkRecorder:
            background { [weak self] in await self?.checkRecorder() }
        case .pruneHistory(let at):
            background { [history] in await history.prune(now: at) }
        case let .updateTransport(caBundle, certWarningDays):
            prober.update(settings: transport.settings(caBundleSetting: caBundle, certWarningDays: certWarningDays))
        case .readHistory:
            background { [weak self] in await self?.readHistory() }
        case let .addIncidentNote(incidentId, text, _):
            // Written as `incident note` writes it, beside whatever this process records.
            let paths = store.paths
            background { [weak self] in
                let result = IncidentNoteWriter.add(paths: paths, incidentId: incidentId, text: text,
                                                    author: IncidentNoteWriter.userName, now: Int64((now() * 1000).rounded()))
                guard let self, !self.isStopped else { return }
                let problem: AppError? = if case .failure(let refusal) = result { refusal.message } else { nil }
                self.store.dispatch(.incidentNoteWritten(incidentId: incidentId, problem: problem, at: now()))
            }
        case let .writeStatusPage(model, directory, language):
            background { [weak self] in await self?.writeStatusPage(model, directory: directory, language: language) }
        case .scheduleMuteEnd(let delay):
            timer(.muteEnd, after: delay) { .muteTimerFired(at: now()) }
        case .changeDrill(let change):
            // Written under the file's lock, then read back: the file, not this process, says
            // what the drill is (another process may have changed it too).
            background { [weak self] in self?.changeDrill(change) }
        case .scheduleDrillEnd(let delay):
            timer(.drillEnd, after: delay) { .drillTimerFired(at: now()) }
        default:
            break // `AppEffect.runner` gives the others to the store, the loop or connectivity
        }
    }

    /// The webhook sender for the current settings: `alert_ca_bundle` or the system store,
    /// with the process's `--connect-to` rules.
    public func webhookSender(_ settings: WatchSettings) -> WebhookSender {
        WebhookSender.make(settings: settings, transport: transport, httpTransport: prober.httpTransport, clock: clock)
    }

    // MARK: Alerts

    /// Renders the alert (language and host of this moment), stores it in the outbox with its
    /// targets, then delivers it to every target at once. An alert stored before is not sent.
    private func send(_ event: AlertEvent) {
        let state = store.getState()
        let payload = delivery.payload(event, language: state.currentLanguage)
        // Untrusted hooks are no targets (told once, in the log, by the scan).
        let targets = delivery.scanHooks().trusted.map(AlertTarget.hook)
            + state.watchSettings.alertWebhooks.map(AlertTarget.webhook)
        let alert = OutboxAlert(key: event.ledgerKey, created: Int64((event.at * 1000).rounded()), kind: event.kind.rawValue,
                                serverId: event.server.id, body: payload.json.compact, environment: payload.environment,
                                targets: targets)
        logger.info("alert", metadata: ["event": "\(event.kind.rawValue)", "server": "\(event.server.id)",
                                        "message": "\(payload.message.text)"])
        background { [weak self, outbox, logger] in
            switch await outbox.store(alert) {
            case .known:
                logger.info("alert already sent", metadata: ["key": "\(alert.key)"])
            case .stored, .unstored:
                guard let self, !self.isStopped else { return }
                for target in alert.targets { self.deliver(alert, to: target) }
            }
        }
    }

    /// One target's delivery (handed out by the outbox: never two of one at once), its outcome
    /// back as `alertDelivered` (which records it).
    private func deliver(_ alert: OutboxAlert, to target: AlertTarget) {
        let sender = webhookSender(store.getState().watchSettings)
        let now = clock.now
        let delivery = delivery
        tasks.perform({
            let outcome = await TargetDelivery.deliver(alert, to: target, through: delivery, sender: sender, now: now)
            return .alertDelivered(key: alert.key, target: target, outcome: outcome)
        }, deliver: { [weak self, logger] event in
            if case let .alertDelivered(_, target, outcome) = event, outcome.status != .delivered {
                logger.warning("alert target failed", metadata: ["target": "\(OutboxStore.logName(target))",
                                                                 "detail": "\(outcome.detail)", "key": "\(alert.key)"])
            }
            self?.store.dispatch(event)
        })
    }

    // MARK: The recorder

    private struct Taken {
        var recording: Bool
        var holder: WatchState.Recorder?
        var problem: String?
    }

    /// Tries the recorder lock (never waits): this process records when it gets it.
    private func takeLock() -> Taken {
        switch RecorderLock.acquire(path: lockPath, role: role == .monitor ? .monitor : .app) {
        case .success(let taken):
            lock = taken
            if let problem = taken.problem {
                logger.warning("recorder.lock cannot be used; this process records by the state folder's lock",
                               metadata: ["problem": "\(problem)"])
            }
            return Taken(recording: true, holder: nil, problem: taken.problem)
        case .failure(.held(let by)):
            return Taken(recording: false, holder: by.map { WatchState.Recorder(pid: $0.pid, role: $0.role.rawValue) })
        case .failure(.io(let problem)):
            logger.warning("cannot take the recorder lock", metadata: ["problem": "\(problem)"])
            return Taken(recording: false, holder: nil, problem: problem)
        }
    }

    /// This process records from now on: history opened for writing (when on), and the
    /// outages left open read back (from history, or from the outbox's alerts when it is off).
    private func becomeRecorder() async -> [InheritedIncident] {
        let now = clock.now()
        logger.info("this process records and alerts", metadata: ["role": "\(role.rawValue)"])
        guard store.getState().historyEnabled else { return await outbox.openOutages() }
        await history.becomeWriter(now: now)
        let outbox = outbox
        return await history.inheritedIncidents(isAlerted: { await outbox.contains($0) })
    }

    /// The recorder stopped: this process takes over (SPEC §15.2: within one round); else who
    /// records now.
    private func checkRecorder() async {
        guard !isStopped, lock == nil else { return }
        let taken = takeLock()
        if taken.recording {
            let inherited = await becomeRecorder()
            guard !isStopped else { return }
            store.dispatch(.recordingTakenOver(inherited: inherited, lockProblem: taken.problem, at: clock.now()))
        } else if taken.holder != store.getAppState().watch.recorder {
            store.dispatch(.recorderChecked(taken.holder, at: clock.now()))
        }
    }

    // MARK: Reading

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
        switch muteFile.read(now: clock.now()) {
        case .success(let list):
            if list != store.getAppState().watch.mutes { store.dispatch(.mutesRead(list, at: clock.now())) }
        case .failure(let problem):
            logger.warning("mutes.json cannot be read; it is left as it is", metadata: ["problem": "\(problem)"])
        }
    }

    // MARK: The status page

    /// Writes the page off the main actor (each file is fsynced); a problem is told once.
    private func writeStatusPage(_ model: StatusPageModel, directory: String, language: AppLanguage) async {
        let outcome = await Task.detached { () -> StatusPageProblem? in
            do throws(StatusPageProblem) {
                try StatusPageWriter.write(model, directory: directory, language: language,
                                           clock: StatusPageWriter.localClock(at: model.madeAt))
                return nil
            } catch {
                return error
            }
        }.value
        guard let problem = outcome else {
            statusPageFailing = false
            return
        }
        guard !statusPageFailing, !isStopped else { return }
        statusPageFailing = true
        logger.warning("status page not written", metadata: ["problem": "\(problem.key)", "path": "\(problem.parameters["path"] ?? directory)"])
        onStatusPageProblem?(problem)
    }

    // MARK: Drills

    private func changeDrill(_ change: DrillChange) {
        guard !isStopped else { return }
        switch drillFile.update(change, now: clock.now()) {
        case .success(let log):
            if log != store.getAppState().watch.drills { store.dispatch(.drillsRead(log, at: clock.now())) }
        case .failure(let problem):
            logger.warning("drills.json cannot be changed", metadata: ["problem": "\(problem)"])
        }
    }

    func readDrills() {
        switch drillFile.read() {
        case .success(let log):
            if log != store.getAppState().watch.drills { store.dispatch(.drillsRead(log, at: clock.now())) }
        case .failure(let problem):
            logger.warning("drills.json cannot be read; it is left as it is", metadata: ["problem": "\(problem)"])
        }
    }

    // MARK: Tasks

    private func perform(_ work: @escaping @Sendable () async -> AppEvent) {
        tasks.perform(work) { [weak self] event in self?.store.dispatch(event) }
    }

    private func background(_ work: @escaping @MainActor () async -> Void) {
        tasks.background(work)
    }

    private func timer(_ id: TimerID, after seconds: Double, _ event: @escaping @Sendable () -> AppEvent) {
        tasks.timer(id, after: seconds, event) { [weak self] event in self?.store.dispatch(event) }
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

private func drillsChangeHandler(_ reference: WeakWatch) -> @Sendable () -> Void {
    { Task { @MainActor in reference.runtime?.readDrills() } }
}

private final class WeakWatch: @unchecked Sendable {
    // @unchecked: read on the main actor only.
    @MainActor weak var runtime: WatchRuntime?

    @MainActor init(_ runtime: WatchRuntime) {
        self.runtime = runtime
    }
}
