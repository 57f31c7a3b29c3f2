import BackendClient
import Connectivity
import History
import Localization
import Logging
import SettingsStore

/// The watch's engines for the one effect runner (`EffectRunner`, SPEC §15): it tests servers
/// for the rounds, records results and incidents in the history database, stores alerts in the
/// outbox and delivers them, follows mutes.json and drills.json and reads the figures the
/// screen shows. The runner decides what runs, tracks it and keeps the timers; this engine
/// does the work, and every result comes back to the store as an event. What it keeps is
/// machinery (the lock's descriptor, database handles, file watchers), not facts: who this
/// process is, who records, the round, the last prune and the outcomes are the state's.
@MainActor
public final class WatchRuntime: WatchEngine {
    public let store: AppSettingsStore
    public let history: HistoryStore
    public let outbox: OutboxStore
    public let clock: AppClock
    private let runner: EffectRunner
    private let prober: ServerProber
    private let transport: TransportConfiguration
    private let logger: Logger
    private let delivery: AlertDelivery
    private let lockPath: String
    private let muteFile: MuteFile
    private var muteWatcher: SettingsFileWatcher?
    private let drillFile: DrillFile
    private var drillWatcher: SettingsFileWatcher?
    private var lock: RecorderLock?
    private var isStopped = false
    /// Called after every complete round (the monitor writes its textfile, `--once` exits).
    public var onRoundFinished: (@MainActor (Int) async -> Void)?
    /// Called when the status page could not be written, once until it is written again (the
    /// monitor says why on stderr; the log has it either way).
    public var onStatusPageProblem: (@MainActor (StatusPageProblem) -> Void)?
    /// The last status page write failed and was told (machinery: told once, not each round).
    private var statusPageFailing = false

    public init(store: AppSettingsStore, runner: EffectRunner, prober: ServerProber, transport: TransportConfiguration,
                clock: AppClock = .system, hookFolders: [String], host: String,
                logger: Logger = Logger(label: "verbumcare.watch")) {
        self.store = store
        self.runner = runner
        self.prober = prober
        self.transport = transport
        self.clock = clock
        self.logger = logger
        delivery = AlertDelivery(hooks: HookRunner(folders: hookFolders), host: host, logger: logger)
        lockPath = RecorderLock.path(stateDirectory: store.paths.stateDirectory)
        history = HistoryStore(paths: store.paths, now: clock.now(), clock: clock, logger: logger)
        outbox = OutboxStore(paths: store.paths, clock: clock, logger: logger)
        muteFile = MuteFile(paths: store.paths)
        drillFile = DrillFile(paths: store.paths)
    }

    /// Starts as `role`: the engine is attached to the runner, the recorder lock is tried, the
    /// incidents left open and the mutes are read, then `watchStarted` (whose effects deliver
    /// what the outbox holds and start the first round). The role is the state's from then on.
    public func start(role: WatchState.Role) async {
        runner.attach(watch: self)
        let taken = takeLock(role: role)
        let (inherited, held) = taken.recording ? await becomeRecorder(role: role) : ([], [])
        readMutes()
        let inbox = runner.inbox
        muteWatcher = SettingsFileWatcher.started(muteFile.path, name: "mutes.json", logger: logger) {
            inbox.post { [weak self] in self?.readMutes() }
        }
        readDrills()
        drillWatcher = SettingsFileWatcher.started(drillFile.path, name: "drills.json", logger: logger) {
            inbox.post { [weak self] in self?.readDrills() }
        }
        store.dispatch(.watchStarted(role: role, isRecording: taken.recording, recorder: taken.holder,
                                     inherited: inherited, held: held, lockProblem: taken.problem, at: clock.now()))
    }

    /// Stops watchers; the runner cancels the timers and the work in flight. The lock is let go.
    public func stop() {
        isStopped = true
        muteWatcher?.stop()
        muteWatcher = nil
        drillWatcher?.stop()
        drillWatcher = nil
        if runner.watch === self { runner.detachWatch() }
        lock?.release()
        lock = nil
    }

    /// Waits until no effect is in flight (tests, and the monitor before it exits).
    public func waitUntilIdle() async {
        await runner.waitUntilIdle()
    }

    // MARK: The work (made here, run and tracked by the runner)

    public func testServers(_ servers: [ServerConfig], round: Int, confirming: Bool) -> EffectWork {
        let now = clock.now
        return { [prober] in
            let results = await prober.checkAll(servers)
            return .serversTested(round: round, results: results, confirming: confirming, at: now())
        }
    }

    /// The figures are read first, on the history queue after this round's records (the tasks
    /// that write them were started before this one), for the monitor's textfile.
    public func roundFinished(round: Int) async {
        guard !isStopped else { return }
        if let read = await readHistory(), !isStopped { store.dispatch(read) }
        await onRoundFinished?(round)
    }

    public func record(_ results: [DetailedStatus], confirming: Bool) async {
        let settings = store.getState()
        let bound = ProbeSample.boundMs(probeInterval: settings.probeInterval, connectionTimeout: settings.connectionTimeout)
        await history.record(results.map { ProbeSample($0, boundMs: bound, confirming: confirming) })
    }

    public func openIncident(serverId: String, start: Double, reason: ConnectivityError) async {
        let reason = IncidentReason(reason, server: Self.server(ofIncident: serverId, in: store.getState()))
        await history.openIncident(serverId: serverId, start: start, reason: reason)
    }

    public func closeIncident(serverId: String, certificate: Bool, end: Double) async {
        await history.closeIncident(serverId: serverId, certificate: certificate, end: end)
    }

    public func recordAlertOutcome(key: String, target: AlertTarget, outcome: AlertOutcome) async {
        await outbox.record(key: key, target: target, outcome: outcome)
    }

    /// Kept in the outbox until the mute ends (said in the log: the alert is not lost, it waits).
    public func holdAlert(_ alert: HeldAlert) async {
        logger.info("alert held by a mute", metadata: ["event": "\(alert.kind.rawValue)", "server": "\(alert.serverId)"])
        await outbox.hold(alert)
    }

    public func dropHeldAlert(key: String) async {
        logger.info("held alert no longer true, dropped", metadata: ["key": "\(key)"])
        await outbox.dropHeld(key: key)
    }

    public func dueDeliveries(at: Double) async -> [EffectWork] {
        await outbox.due(now: at).map { deliver($0.alert, to: $0.target) }
    }

    public func pruneHistory(at: Double) async {
        await history.prune(now: at)
    }

    /// Written as `incident note` writes it, beside whatever this process records.
    public func addIncidentNote(incidentId: Int64, text: String) -> EffectWork {
        let paths = store.paths
        let now = clock.now
        return {
            let result = IncidentNoteWriter.add(paths: paths, incidentId: incidentId, text: text,
                                                author: IncidentNoteWriter.userName, now: Int64((now() * 1000).rounded()))
            let problem: AppError? = if case .failure(let refusal) = result { refusal.message } else { nil }
            return .incidentNoteWritten(incidentId: incidentId, problem: problem, at: now())
        }
    }

    public func updateTransport(caBundle: String?, certWarningDays: Int) {
        prober.update(settings: transport.settings(caBundleSetting: caBundle, certWarningDays: certWarningDays))
    }

    /// The webhook sender for the current settings: `alert_ca_bundle` or the system store,
    /// with the process's `--connect-to` rules.
    public func webhookSender(_ settings: WatchSettings) -> WebhookSender {
        WebhookSender.make(settings: settings, transport: transport, httpTransport: prober.httpTransport, clock: clock)
    }

    // MARK: Alerts

    /// Renders the alert (language and host of this moment) and stores it in the outbox with
    /// its targets; its deliveries, one per target, unless it was stored before.
    public func storeAlert(_ event: AlertEvent) async -> [EffectWork] {
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
        switch await outbox.store(alert) {
        case .known:
            logger.info("alert already sent", metadata: ["key": "\(alert.key)"])
            return []
        case .stored, .unstored:
            guard !isStopped else { return [] }
            return alert.targets.map { deliver(alert, to: $0) }
        }
    }

    /// One target's delivery (handed out by the outbox: never two of one at once), its outcome
    /// back as `alertDelivered` (which records it).
    private func deliver(_ alert: OutboxAlert, to target: AlertTarget) -> EffectWork {
        let sender = webhookSender(store.getState().watchSettings)
        let now = clock.now
        let delivery = delivery
        let logger = logger
        return {
            let outcome = await TargetDelivery.deliver(alert, to: target, through: delivery, sender: sender, now: now)
            if outcome.status != .delivered {
                logger.warning("alert target failed", metadata: ["target": "\(OutboxStore.logName(target))",
                                                                 "detail": "\(outcome.detail)", "key": "\(alert.key)"])
            }
            return .alertDelivered(key: alert.key, target: target, outcome: outcome)
        }
    }

    // MARK: The recorder

    private struct Taken {
        var recording: Bool
        var holder: WatchState.Recorder?
        var problem: String?
    }

    /// Tries the recorder lock (never waits): this process records when it gets it.
    private func takeLock(role: WatchState.Role) -> Taken {
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
    /// outages left open read back (from history, or from the outbox's alerts when it is off),
    /// with the alerts a mute held (from the outbox, either way).
    private func becomeRecorder(role: WatchState.Role) async -> (inherited: [InheritedIncident], held: [HeldAlert]) {
        let now = clock.now()
        logger.info("this process records and alerts", metadata: ["role": "\(role.rawValue)"])
        let held = await outbox.heldAlerts()
        guard store.getState().historyEnabled else { return (await outbox.openOutages(), held) }
        await history.becomeWriter(now: now)
        let outbox = outbox
        return (await history.inheritedIncidents(isAlerted: { await outbox.contains($0) }), held)
    }

    /// The recorder stopped: this process takes over (SPEC §15.2: within one round); else who
    /// records now. Told either way: the reducer, not this engine, compares it with the state.
    public func checkRecorder() async -> AppEvent? {
        guard !isStopped, lock == nil else { return nil }
        let role = store.getAppState().watch.role
        let taken = takeLock(role: role)
        guard taken.recording else { return .recorderChecked(taken.holder, at: clock.now()) }
        let (inherited, held) = await becomeRecorder(role: role)
        return .recordingTakenOver(inherited: inherited, held: held, lockProblem: taken.problem, at: clock.now())
    }

    // MARK: Reading

    /// The server an incident is about (a fallback's: the configured server that failed).
    static func server(ofIncident id: String, in settings: SettingsState) -> ServerConfig? {
        let serverId = WatchState.FallbackSpell.fallenFrom(incidentId: id) ?? id
        return settings.server(id: serverId) ?? ServerCatalog.server(id: serverId, in: settings.availableServers)
    }

    public func readHistory() async -> AppEvent? {
        let now = clock.now()
        let ids = store.getState().availableServers.map(\.id)
        return await history.summary(serverIds: ids, now: now).map { .historyRead($0) }
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
    public func writeStatusPage(_ model: StatusPageModel, directory: String, language: AppLanguage) async {
        guard let problem = await Self.writePage(model, directory: directory, language: language) else {
            statusPageFailing = false
            return
        }
        guard !statusPageFailing, !isStopped else { return }
        statusPageFailing = true
        logger.warning("status page not written", metadata: ["problem": "\(problem.key)", "path": "\(problem.parameters["path"] ?? directory)"])
        onStatusPageProblem?(problem)
    }

    /// On the global executor, in the caller's task (the runner's `writeStatusPage` work): no
    /// task of its own that the runner could not cancel.
    @concurrent
    private nonisolated static func writePage(_ model: StatusPageModel, directory: String,
                                              language: AppLanguage) async -> StatusPageProblem? {
        do throws(StatusPageProblem) {
            try StatusPageWriter.write(model, directory: directory, language: language,
                                       clock: StatusPageWriter.localClock(at: model.madeAt))
            return nil
        } catch {
            return error
        }
    }

    // MARK: Drills

    /// Written under the file's lock, then read back: the file, not this process, says what
    /// the drill is (another process may have changed it too).
    public func changeDrill(_ change: DrillChange) async -> AppEvent? {
        guard !isStopped else { return nil }
        switch drillFile.update(change, now: clock.now()) {
        case .success(let log):
            return log != store.getAppState().watch.drills ? .drillsRead(log, at: clock.now()) : nil
        case .failure(let problem):
            logger.warning("drills.json cannot be changed", metadata: ["problem": "\(problem)"])
            return nil
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
