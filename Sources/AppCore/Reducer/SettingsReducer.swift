import Localization

/// The one function that changes the state: `(state, event) → (new state, effects)`.
///
/// It is pure: no I/O, no clock (times come with the events), no threads. The store applies
/// what it returns and runs the effects, which report back as events. Every rule about which
/// server is in use (switching, fallback, the offer to switch back), what settings.json must
/// say, and which notices are on screen is decided here or in the pure policies it calls
/// (`FallbackPolicy`, `ProbeSchedule`, `NoticeBoard`), which the command line uses too.
///
/// The work is split by concern over `SettingsReducer+*.swift`; this file dispatches the events
/// and runs the steps that follow every event (notices reconciled, app-state.json saved when
/// its part of the state changed, the transport told about a new CA bundle).
public struct SettingsReducer {
    var state: SettingsState
    var effects: [AppEffect] = []
    let resolver: NativeSettingsResolver
    /// The settings pane is open (a fact of the screen slice, read here: the pane's notes and
    /// row tests are for a pane on screen).
    let isPaneOpen: Bool

    init(state: SettingsState, paneOpen: Bool) {
        self.state = state
        isPaneOpen = paneOpen
        resolver = NativeSettingsResolver(environment: state.environment)
    }

    /// Applies `event` to `state` and returns the effects to run. `paneOpen`: the screen's
    /// `isSettingsPaneOpen` after this event (the command line has no pane).
    public static func reduce(_ state: inout SettingsState, _ event: AppEvent, paneOpen: Bool = false) -> [AppEffect] {
        var reducer = SettingsReducer(state: state, paneOpen: paneOpen)
        let before = state
        reducer.handle(event)
        reducer.finish(after: event, before: before)
        state = reducer.state
        return reducer.effects
    }

    mutating func emit(_ effect: AppEffect) {
        effects.append(effect)
    }

    /// A new generation number: results of anything started earlier are stale.
    mutating func nextGeneration() -> Int {
        state.connectivity.lastGeneration += 1
        return state.connectivity.lastGeneration
    }

    private mutating func handle(_ event: AppEvent) {
        switch event {
        case let .loaded(settings, appState, detected):
            hydrate(settings: settings, appState: appState, detectedLanguage: detected)
        case let .settingsFileRead(load, at):
            settingsFileRead(load, at: at)
        case let .settingsWritten(change, settings, problems, at):
            settingsWritten(change, settings: settings, problems: problems, at: at)
        case let .settingsWriteFailed(_, error, at):
            settingsWriteFailed(error, at: at)
        case let .appStateWritten(problems, at):
            // Told once, as settings.json's kept copies are: where the old content is.
            for problem in problems {
                post(Notice(subject: .file(SettingsState.appStateFileName, field: nil), kind: .info,
                            message: AppError(key: problem.key, parameters: problem.parameters),
                            condition: .untilDismissed, postedAt: at))
            }
        case let .appStateWriteFailed(problem, at):
            post(Notice(subject: .file(SettingsState.appStateFileName, field: nil), kind: .error,
                        message: AppError(key: problem.key, parameters: problem.parameters),
                        condition: .untilDismissed, postedAt: at))
        case .languageChosen(let language):
            state.languageOverride = nil
            state.savedLanguage = language
            state.currentLanguage = language
        case .preferencesChanged(let preferences):
            state.preferences = preferences
        case .paneOpened(let at):
            paneOpened(at: at)
        case .paneClosed:
            paneClosed()
        case .paneRetestTimerFired(let at):
            paneRetestTimerFired(at: at)
        case .settingsChangeRequested(let change):
            emit(.writeSettings(change))
        case .testRequested(let at):
            testNow(at: at)
        case let .rowTestsRequested(ids, at):
            testRows(ids, at: at)
        case .switchBackRequested(let at):
            switchBack(at: at)
        case .switchCancelled(let at):
            cancelSwitch(at: at)
        case .noticeDismissed(let subject):
            dismissNotice(subject)
        case let .signInRequested(serverId, sessionEnded, at):
            signInRequested(serverId: serverId, sessionEnded: sessionEnded, at: at)
        case let .signInSubmitted(username, password):
            signInSubmitted(username: username, password: password)
        case .signInDismissed:
            state.loginRequest = nil
        case let .paneNoted(message, kind, at):
            NoticeBoard.postPaneNote(message, kind: kind, at: at, in: &state)
        case .paneNoteWithdrawn:
            NoticeBoard.withdrawPaneNote(in: &state)
        case let .serverChosen(id, _):
            if let target = state.availableServers.first(where: { $0.id == id }) {
                emit(.writeSettings(.select(address: target.baseUrl)))
            }
        case let .customServerAddRequested(address, at):
            addCustomServer(address, at: at)
        case let .customServerRemoveRequested(id, _):
            if let target = state.availableServers.first(where: { $0.id == id && $0.isCustom }) {
                emit(.writeSettings(.removeCustom(address: target.baseUrl)))
            }
        case let .appStateFileRead(load, at):
            appStateFileRead(load, at: at)
        case .key, .clicked, .viewportMeasured, .addressTested, .caBundleInspected, .fleetOpened, .fleetAnswered, .fleetQueryFailed:
            // The screen's events: `AppReducer` gives them to `ScreenReducer`.
            break
        case .watchStarted, .recordingTakenOver, .recorderChecked, .alertDelivered, .roundTimerFired, .serversTested,
             .mutesRead, .muteTimerFired, .historyRead, .incidentNoteWritten, .statusPageDirectoryGiven,
             .monitorStopRequested, .drillsRead, .drillTimerFired:
            // The watch's events: `AppReducer` gives them to `WatchReducer`.
            break
        case .signOutRequested:
            if state.connectivity.isActive { emit(.signOut(state.currentServer)) }
        case .connectivityStarted(let at):
            state.connectivity.isActive = true
            startSwitch(to: state.configuredServer, source: state.configuredSource, origin: .start,
                        previousSelection: nil, at: at)
        case .connectivityStopped:
            state.connectivity.isActive = false
            state.connectivity.monitor = nil
            state.connectivity.recovery = nil
            emit(.stopConnectivity)
        case let .probeTimerFired(generation, at):
            probeTimerFired(generation: generation, at: at)
        case let .probeCompleted(generation, result, hadToken, at):
            probeCompleted(generation: generation, result: result, hadToken: hadToken, at: at)
        case let .rowTestCompleted(generation, result):
            rowTestCompleted(generation: generation, result: result)
        case let .recoveryTimerFired(generation, at):
            recoveryTimerFired(generation: generation, at: at)
        case let .recoveryProbeCompleted(generation, result, at):
            recoveryProbeCompleted(generation: generation, result: result, at: at)
        case let .switchStepCompleted(generation, step, at):
            switchStepCompleted(generation: generation, step: step, at: at)
        case let .switchTestCompleted(generation, result, hadToken, at):
            switchTestCompleted(generation: generation, result: result, hadToken: hadToken, at: at)
        case let .signedIn(serverId, username, at):
            signedIn(serverId: serverId, username: username, at: at)
        case let .signInFailed(serverId, error):
            signInFailed(serverId: serverId, error: error)
        case .mdnsInspected(let finding):
            state.connectivity.mdnsFinding = finding
        case let .serverConfigRead(serverId, config):
            state.connectivity.serverConfigs[serverId] = config
        case let .credentialsChecked(serverId, problems, at):
            credentialsChecked(serverId: serverId, problems: problems, at: at)
        case let .statusTested(server, source, fallback, result, _):
            // Only a process without its own watch (the command line) takes a one-off test as
            // the server in use; the running app keeps its own.
            guard !state.connectivity.isActive else { break }
            state.currentServer = fresh(server)
            state.serverSource = source
            state.fallback = fallback
            state.detailedStatus = result
            state.connectionStatus = result.isHealthy ? .connected : .error
            // Saved even when it equals what this process loaded: the file may still record an
            // earlier `status`'s fallback, which hydration does not take over.
            emit(.persistAppState(PersistedAppState(state)))
        case let .signedOut(serverId, at):
            record(TimelineEntry(at: at, kind: .signedOut, serverId: serverId))
            testNow(at: at)
        }
    }

    /// What follows every event.
    private mutating func finish(after event: AppEvent, before: SettingsState) {
        // Whatever led there (pn51's failure, the configured server's return seen by the
        // background watch or the pane, a cancelled switch back), a fallback never holds the
        // app on a dead server (SPEC §6.5). A pane row's test is timed by its result; the other
        // events without a time change none of the facts the rule reads.
        if let at = event.time ?? event.rowTestTime, FallbackPolicy.returnsToConfigured(state) {
            returnToConfigured(at: at)
        }
        // A pane note holds while the pane is open (a fact of the screen slice).
        if !isPaneOpen { NoticeBoard.withdrawPaneNote(in: &state) }
        NoticeBoard.reconcile(&state)
        if case .loaded = event {
            // Loading must not write what it just read.
        } else if PersistedAppState(state) != PersistedAppState(before) {
            emit(.persistAppState(PersistedAppState(state)))
        }
        if state.caBundle != before.caBundle || state.certWarningDays != before.certWarningDays {
            emit(.updateTransport(caBundle: state.caBundle, certWarningDays: state.certWarningDays))
        }
        inspectMDNSIfNeeded(after: event)
        if state.probeInterval != before.probeInterval {
            state.connectivity.monitor?.schedule.interval = Double(state.probeInterval)
            state.connectivity.recovery?.schedule.interval = Double(state.probeInterval)
        }
    }

    // MARK: Shared steps

    mutating func post(_ notice: Notice) {
        NoticeBoard.post(notice, in: &state)
    }

    mutating func record(_ entry: TimelineEntry) {
        state.timeline.insert(entry, at: 0)
        if state.timeline.count > TimelineEntry.limit {
            state.timeline.removeLast(state.timeline.count - TimelineEntry.limit)
        }
    }

    mutating func recordHistory(serverId: String, successful: Bool, startedAt: Double, at: Double) {
        let entry = ServerHistoryEntry(serverId: serverId, lastUsed: at, successful: successful,
                                       durationMs: max(0, (at - startedAt) * 1000))
        state.serverHistory = ServerHistory.recording(entry, into: state.serverHistory)
    }

    /// The current server's settled status (connected, error, disconnected) changed: the
    /// timeline says so with how long the previous one lasted.
    mutating func settle(_ status: ConnectionStatus, at: Double) {
        state.connectionStatus = status
        guard status != .testing && status != .switching, status != previousSettled else { return }
        let lasted = state.connectivity.statusSince.map { max(0, at - $0) }
        record(TimelineEntry(at: at, kind: .statusChanged, serverId: state.currentServer.id, status: status,
                             previousDuration: previousSettled == nil ? nil : lasted,
                             reason: status == .error ? state.detailedStatus.map(ConnectivityMessages.failureReason) : nil))
        state.connectivity.statusSince = at
    }

    /// The last settled status the timeline recorded for the current server.
    private var previousSettled: ConnectionStatus? {
        state.timeline.first { $0.kind == .statusChanged && $0.serverId == state.currentServer.id }?.status
    }

    /// The server as the list knows it now (its config follows the settings), else as given.
    func fresh(_ server: ServerConfig) -> ServerConfig {
        state.availableServers.first { $0.id == server.id } ?? server
    }
}

private extension AppEvent {
    /// When a pane row's test ran (its result's time; the event carries none of its own).
    var rowTestTime: Double? {
        if case .rowTestCompleted(_, let result) = self { return result.lastChecked }
        return nil
    }
}

extension PersistedAppState {
    /// What app-state.json holds of the state; any change to it is saved.
    public init(_ state: SettingsState) {
        self.init(currentLanguage: state.savedLanguage, serverSource: state.serverSource,
                  lastKnownServerId: state.currentServer.id, serverHistory: state.serverHistory,
                  preferences: state.preferences)
        lastUserNames = state.lastUserNames
    }
}
