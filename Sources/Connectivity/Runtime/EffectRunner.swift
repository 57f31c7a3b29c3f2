import SettingsStore

/// The one effect runner: every `AppEffect` the reducer returns comes here (the store hands
/// it the whole list), and this switch, with no `default`, is the one place that decides what
/// runs. Each effect goes to the engine that does its kind of work (the store's files, the
/// terminal through the loop's capability, the libcurl prober and sessions, the watch's
/// history, outbox, hooks and webhooks), and its completion or failure comes back as an event
/// through `dispatch`.
///
/// Every task is tracked (`EffectTasks`, one set per engine group and one for the monitor's
/// round callbacks); every timer is kept by its id. Work that newer work supersedes is
/// cancelled, by its key: a probe by the next probe or by a switch's start (the switch ends the
/// watch it belonged to), a switch's test by the next switch, a row's test by the row's next one. A cancelled task never delivers (its check runs on the
/// main actor, where the cancel runs too); the reducer's generations stay as the second line
/// for the results that the reducer alone can tell apart.
@MainActor
public final class EffectRunner: EffectRunning {
    public unowned let store: AppSettingsStore
    /// The probes, switches and sign-in (`ConnectivityRuntime`), once attached.
    public private(set) weak var connectivity: ConnectivityRuntime?
    /// History and alerts, once attached.
    public private(set) weak var watch: (any WatchEngine)?
    /// The fleet view's query, once attached.
    private var fleet: FleetEngine?
    /// The loop's terminal work; nil without a screen's loop (quitting, redrawing do nothing).
    public weak var terminal: (any TerminalCapability)?
    /// Events posted from other threads (the app-state writer, file watchers, credential
    /// reads): the store's, handed on by this runner.
    public var inbox: EffectInbox { store.inbox }

    /// Connectivity's work and timers (`.probe`, `.recoveryProbe`, `.paneRetest`), on its
    /// engine's clock (made again when an engine is attached).
    private var connectivityTasks = EffectTasks()
    /// The watch's work and timers (`.round`, `.muteEnd`, `.drillEnd`), on its engine's clock.
    private var watchTasks = EffectTasks()
    /// The fleet view's query and its refresh timer (`.fleetRefresh`), on its engine's clock.
    private var fleetTasks = EffectTasks()
    /// The monitor's round callbacks: they wait for the rest to be idle, so they are not
    /// counted in it.
    private let roundCallbacks = EffectTasks()
    private var inboxTask: Task<Void, Never>?
    /// Who waits in `waitUntilIdle`, by a number of its own: resumed together when the runner
    /// becomes idle, or alone when its task is cancelled.
    private var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var lastWaiter = 0
    /// Tells the idle waiters when a switch ends (it can end with nothing else settling).
    private var switchSubscription: StoreSubscription?

    public init(store: AppSettingsStore) {
        self.store = store
        let stream = store.inbox.open()
        inboxTask = Task { for await work in stream { work() } }
        connectivityTasks.onSettled = { [weak self] in self?.resumeIdleWaiters() }
        watchTasks.onSettled = { [weak self] in self?.resumeIdleWaiters() }
        fleetTasks.onSettled = { [weak self] in self?.resumeIdleWaiters() }
    }

    /// The runner takes the store's effects from now on.
    public func attach() {
        store.runner = self
        store.onAppStateWritesDone = { [weak self] in self?.resumeIdleWaiters() }
        switchSubscription = store.subscribe({ $0.connectivity.activeSwitch == nil }) { [weak self] _, _ in
            self?.resumeIdleWaiters()
        }
    }

    /// Connectivity's engine: its effects run from now on (its start's effects included).
    public func attach(connectivity engine: ConnectivityRuntime) {
        connectivityTasks.cancelAll(stop: true)
        connectivityTasks = tasks(clock: engine.clock)
        connectivity = engine
    }

    public func attach(watch engine: any WatchEngine) {
        watchTasks.cancelAll(stop: true)
        watchTasks = tasks(clock: engine.clock)
        watch = engine
    }

    /// The fleet view's query: `.queryFleet` runs it from now on, and its refresh is armed.
    public func attach(fleet engine: FleetEngine) {
        fleetTasks.cancelAll(stop: true)
        fleetTasks = tasks(clock: engine.clock)
        fleet = engine
        scheduleFleetRefresh()
    }

    /// A group's task set on `clock` that tells the idle waiters when a task leaves it.
    private func tasks(clock: AppClock) -> EffectTasks {
        let tasks = EffectTasks(clock: clock)
        tasks.onSettled = { [weak self] in self?.resumeIdleWaiters() }
        return tasks
    }

    /// Connectivity stopped: its timers and work in flight are cancelled, its effects dropped.
    public func detachConnectivity() {
        stopConnectivityWork()
        connectivity = nil
    }

    /// The watch stopped: its timers and work in flight are cancelled, its effects dropped.
    public func detachWatch() {
        watchTasks.cancelAll()
        roundCallbacks.cancelAll()
        watch = nil
    }

    /// Everything stops: nothing is delivered from now on.
    public func stop() {
        detachConnectivity()
        detachWatch()
        fleetTasks.cancelAll(stop: true)
        fleet = nil
        inboxTask?.cancel()
        switchSubscription?.cancel()
        switchSubscription = nil
        if store.runner === self {
            store.runner = nil
            store.onAppStateWritesDone = nil
            store.inbox.close()
        }
    }

    /// Nothing in flight (the monitor's round callbacks aside), app-state.json's write included.
    public var isIdle: Bool {
        connectivityTasks.isIdle && watchTasks.isIdle && fleetTasks.isIdle && !store.isWritingAppState
    }

    /// The keys of the superseding work in flight (tests).
    public var keysInFlight: Set<String> {
        connectivityTasks.keysInFlight.union(watchTasks.keysInFlight).union(fleetTasks.keysInFlight)
    }

    /// The timers set and not yet fired or cancelled (tests).
    public var timersSet: Set<TimerID> {
        connectivityTasks.scheduledTimers.union(watchTasks.scheduledTimers).union(fleetTasks.scheduledTimers)
    }

    /// No switch runs and nothing is in flight.
    private var isQuiet: Bool { store.getState().connectivity.activeSwitch == nil && isIdle }

    /// Waits until no switch runs and no effect is in flight (tests, and the monitor before it
    /// exits). A condition the runner signals, not a poll: the waiters are resumed when a task
    /// leaves its set, app-state.json's writes are done or a switch ends, and only once all of
    /// it is quiet at the same time.
    /// A cancelled waiter returns at once (a test's time limit ends its wait).
    public func waitUntilIdle() async {
        // Looked at again once resumed: the waiter runs after the job that resumed it, whose
        // event may have started new work.
        while !isQuiet, !Task.isCancelled {
            lastWaiter += 1
            let id = lastWaiter
            await withTaskCancellationHandler {
                await withCheckedContinuation { idleWaiters[id] = $0 }
            } onCancel: {
                // On the main actor after the job that stored the continuation.
                Task { @MainActor [weak self] in self?.idleWaiters.removeValue(forKey: id)?.resume() }
            }
        }
    }

    /// Something settled: if everything is quiet now, whoever waits for idle goes on.
    private func resumeIdleWaiters() {
        guard !idleWaiters.isEmpty, isQuiet else { return }
        let waiters = idleWaiters.values
        idleWaiters = [:]
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Running

    public func run(_ effects: [AppEffect]) -> [AppEvent] {
        var outcomes: [AppEvent] = []
        for effect in effects { outcomes += run(effect) }
        return outcomes
    }

    // One exhaustive switch: a new effect does not compile until it is given an engine here.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private func run(_ effect: AppEffect) -> [AppEvent] {
        switch effect {
        // The store's files.
        case .writeSettings, .readSettingsFile, .persistAppState:
            guard let outcome = store.runFileEffect(effect) else { return [] }
            return [outcome] + store.dispatch(outcome)
        // The terminal.
        case .quit: terminal?.quit()
        case .redrawScreen: terminal?.redraw()
        case .queryFleet: queryFleet()
        // Connectivity's timers.
        case let .scheduleProbe(generation, delay):
            connectivityTimer(.probe, after: delay) { .probeTimerFired(generation: generation, at: $0) }
        case let .scheduleRecoveryProbe(generation, delay):
            connectivityTimer(.recoveryProbe, after: delay) { .recoveryTimerFired(generation: generation, at: $0) }
        case .schedulePaneRetest(let delay):
            guard let delay else { connectivityTasks.cancelTimer(.paneRetest); return [] }
            connectivityTimer(.paneRetest, after: delay) { .paneRetestTimerFired(at: $0) }
        // The prober and the sessions.
        case let .probe(server, generation):
            connectivityWork(key: "probe") { $0.probe(server, generation: generation) }
        case let .testRow(server, generation):
            connectivityWork(key: "row:\(server.id)") { $0.testRow(server, generation: generation) }
        case let .probeRecovery(server, generation):
            connectivityWork(key: "recovery") { $0.probeRecovery(server, generation: generation) }
        case let .testSwitchTarget(server, generation):
            connectivityWork(key: "switch") { $0.testSwitchTarget(server, generation: generation) }
        case let .advanceSwitch(generation, step):
            // A switch begins (its first step): it owns the status from now on, so the probe of
            // the watch it ended and an older switch's test are superseded.
            if step == .validating { supersedeForSwitch() }
            connectivityWork { $0.stepDone(generation: generation, step: step) }
        case let .saveServerData(server, health, generation):
            connectivityWork { $0.saveServerData(server, health: health, generation: generation) }
        case let .restoreServerData(server, generation):
            connectivityWork { $0.restoreServerData(server, generation: generation) }
        case .verifyToken(let server):
            guard let engine = connectivity else { return [] }
            connectivityTasks.background(key: "verify:\(server.id)") { await engine.verifyToken(of: server) }
        case let .signIn(server, username, password):
            connectivityWork(key: "signIn") { $0.signIn(server, username: username, password: password) }
        case .signOut(let server):
            connectivityWork(key: "signOut") { $0.signOut(server) }
        case let .updateTransport(caBundle, certWarningDays):
            connectivity?.updateTransport(caBundle: caBundle, certWarningDays: certWarningDays)
            watch?.updateTransport(caBundle: caBundle, certWarningDays: certWarningDays)
        case .inspectMDNS:
            connectivityWork(key: "mdns") { $0.inspectMDNS() }
        case .stopConnectivity:
            stopConnectivityWork()
        case .testAddress(let server):
            connectivityWork(key: "address") { $0.testAddress(server) }
        case .inspectCABundle(let path):
            connectivityWork(key: "caBundle") { $0.inspectCABundle(path) }
        // The watch.
        case let .testServers(servers, round, confirming):
            watchWork { $0.testServers(servers, round: round, confirming: confirming) }
        case let .scheduleRound(round, delay):
            watchTimer(.round, after: delay) { .roundTimerFired(round: round, at: $0) }
        case .roundFinished(let round, _):
            guard let engine = watch else { return [] }
            roundCallbacks.background { await engine.roundFinished(round: round) }
        case let .record(results, confirming):
            watchBackground { await $0.record(results, confirming: confirming) }
        case let .openIncident(serverId, start, reason):
            watchBackground { await $0.openIncident(serverId: serverId, start: start, reason: reason) }
        case let .closeIncident(serverId, certificate, end):
            watchBackground { await $0.closeIncident(serverId: serverId, certificate: certificate, end: end) }
        case .sendAlert(let event):
            watchBackground { [weak self] in self?.deliver(await $0.storeAlert(event)) }
        case let .recordAlertOutcome(key, target, outcome):
            watchBackground { await $0.recordAlertOutcome(key: key, target: target, outcome: outcome) }
        case .holdAlert(let alert):
            watchBackground { await $0.holdAlert(alert) }
        case .dropHeldAlert(let key):
            watchBackground { await $0.dropHeldAlert(key: key) }
        case .deliverOutbox(let at):
            watchBackground { [weak self] in self?.deliver(await $0.dueDeliveries(at: at)) }
        case .checkRecorder:
            watchBackground(key: "checkRecorder") { [weak self] in self?.report(await $0.checkRecorder()) }
        case .pruneHistory(let at):
            watchBackground(key: "prune") { await $0.pruneHistory(at: at) }
        case .scheduleMuteEnd(let delay):
            watchTimer(.muteEnd, after: delay) { .muteTimerFired(at: $0) }
        case .changeDrill(let change):
            watchBackground { [weak self] in self?.report(await $0.changeDrill(change)) }
        case .scheduleDrillEnd(let delay):
            watchTimer(.drillEnd, after: delay) { .drillTimerFired(at: $0) }
        case .readHistory:
            watchBackground(key: "readHistory") { [weak self] in self?.report(await $0.readHistory()) }
        case let .addIncidentNote(incidentId, text, _):
            watchWork { $0.addIncidentNote(incidentId: incidentId, text: text) }
        case let .writeStatusPage(model, directory, language):
            watchBackground(key: "statusPage") { await $0.writeStatusPage(model, directory: directory, language: language) }
        }
        return []
    }

    // MARK: Connectivity's work

    private func connectivityWork(key: String? = nil, _ make: (ConnectivityRuntime) -> EffectWork) {
        guard let engine = connectivity else { return }
        connectivityTasks.perform(key: key, make(engine)) { [weak self, weak engine] event in
            guard let self, let engine, self.connectivity === engine else { return }
            engine.log(event)
            self.store.dispatch(event)
        }
    }

    private func connectivityTimer(_ id: TimerID, after seconds: Double,
                                   _ event: @escaping @Sendable (Double) -> AppEvent) {
        guard let engine = connectivity else { return }
        let now = engine.clock.now
        connectivityTasks.timer(id, after: seconds, { event(now()) }) { [weak self] event in self?.store.dispatch(event) }
    }

    private func supersedeForSwitch() {
        connectivityTasks.cancelTimer(.probe)
        connectivityTasks.cancel(key: "probe")
        connectivityTasks.cancel(key: "switch")
    }

    private func stopConnectivityWork() {
        connectivityTasks.cancelAll()
    }

    // MARK: The fleet's work

    /// One query at a time: asked again while one is in flight, the answer on its way serves.
    private func queryFleet() {
        guard let engine = fleet, !fleetTasks.keysInFlight.contains("fleet") else { return }
        fleetTasks.perform(key: "fleet", engine.query()) { [weak self] event in self?.store.dispatch(event) }
    }

    /// The fleet view asks again every `refreshSeconds` while it is attached: a fixed pace of
    /// the view, not a fact of the state (the person's `r` asks at once besides).
    private func scheduleFleetRefresh() {
        guard let engine = fleet else { return }
        fleetTasks.timer(.fleetRefresh, after: engine.refreshSeconds) { [weak self] in
            self?.queryFleet()
            self?.scheduleFleetRefresh()
        }
    }

    // MARK: The watch's work

    private func watchWork(_ make: (any WatchEngine) -> EffectWork) {
        guard let engine = watch else { return }
        watchTasks.perform(make(engine)) { [weak self] event in self?.store.dispatch(event) }
    }

    private func watchBackground(key: String? = nil, _ work: @escaping @MainActor (any WatchEngine) async -> Void) {
        guard let engine = watch else { return }
        watchTasks.background(key: key) { [weak self] in
            guard self?.watch === engine else { return }
            await work(engine)
        }
    }

    private func watchTimer(_ id: TimerID, after seconds: Double, _ event: @escaping @Sendable (Double) -> AppEvent) {
        guard let engine = watch else { return }
        let now = engine.clock.now
        watchTasks.timer(id, after: seconds, { event(now()) }) { [weak self] event in self?.store.dispatch(event) }
    }

    /// Each delivery tracked on its own: its outcome comes back as `alertDelivered`.
    private func deliver(_ deliveries: [EffectWork]) {
        for delivery in deliveries { watchWork { _ in delivery } }
    }

    /// An engine's answer, dispatched unless the engine was detached meanwhile.
    private func report(_ event: AppEvent?) {
        guard let event, watch != nil, !Task.isCancelled else { return }
        store.dispatch(event)
    }
}
