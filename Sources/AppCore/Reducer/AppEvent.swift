import Localization
import TerminalRendering

/// Everything that can change the state, by name. Keys become events through the store's
/// actions; effects (probes, timers, file writes, sign-in requests) report back as events.
/// Times come with the events, so the reducer never reads a clock.
public enum AppEvent: Equatable, Sendable {
    // MARK: Files
    /// The store read both files before the first frame (hydration).
    case loaded(settings: SettingsFileLoad, appState: AppStateFileLoad,
                detectedLanguage: AppLanguage)
    /// settings.json was read again: a hand edit seen by the watcher, leaving the pane.
    case settingsFileRead(SettingsFileLoad, at: Double)
    /// The app's own change was written; `settings` is what the file holds now.
    case settingsWritten(change: SettingsChange, settings: NativeSettings, problems: [FileProblem], at: Double)
    /// The write did not happen: refused (a value the file may not hold) or failed.
    case settingsWriteFailed(change: SettingsChange, error: SettingsActionError, at: Double)
    case appStateWriteFailed(FileProblem, at: Double)
    /// app-state.json was written, and the write had something to say: the old content was
    /// kept aside because its `version` was rewritten (`files.kept_copy`, naming the copy).
    case appStateWritten(problems: [FileProblem], at: Double)
    /// app-state.json changed on disk (another copy of the app, `lang` from another terminal).
    case appStateFileRead(AppStateFileLoad, at: Double)

    // MARK: The screen (reduced by `ScreenReducer`, which turns them into the events below)
    /// A key the person pressed.
    case key(Key, at: Double)
    /// A click on what the last frame drew there (SPEC §10.3; the loop's hit test).
    case clicked(MouseTarget, at: Double)
    /// The scrolling view open now was drawn this many rows tall, this long (nil: none is open).
    case viewportMeasured(ScrollViewport?)
    /// The test of an address typed in the pane finished (`testAddress`).
    case addressTested(address: String, summary: ServerProbeSummary, at: Double)
    /// The CA bundle typed in the pane was looked at (`inspectCABundle`); `refusal` says why it
    /// cannot be used, nil when it can.
    case caBundleInspected(path: String, refusal: AppError?, at: Double)
    /// The app starts as the fleet view (`fleet`), asking `source` (its URL, never a token).
    case fleetOpened(source: String, at: Double)
    /// The fleet view's query answered (`queryFleet`): the rows, worst first.
    case fleetAnswered(rows: [FleetRow], at: Double)
    /// The fleet view's query failed, with its reason.
    case fleetQueryFailed(AppError, at: Double)

    // MARK: The person (store actions)
    case languageChosen(AppLanguage)
    /// A server chosen in the pane or by `selectServer`: settings.json names it, then the switch runs.
    case serverChosen(id: String, at: Double)
    /// Add this typed address to `custom_servers` (validated and de-duplicated here).
    case customServerAddRequested(address: String, at: Double)
    /// Remove this custom server (by id) from `custom_servers`.
    case customServerRemoveRequested(id: String, at: Double)
    case preferencesChanged(Preferences)
    case paneOpened(at: Double)
    case paneClosed(at: Double)
    /// A change to settings.json was asked for (a server chosen, added or removed, a setting).
    case settingsChangeRequested(SettingsChange)
    /// `r`: test the current server now.
    case testRequested(at: Double)
    /// The pane: test these servers at once (every row shows its own status).
    case rowTestsRequested(serverIds: [String], at: Double)
    /// `s`: go back to the configured server after it answered again.
    case switchBackRequested(at: Double)
    /// Esc during a switch.
    case switchCancelled(at: Double)
    /// Enter on a notice, or `clearError`.
    case noticeDismissed(Notice.Subject?)
    /// `i`, or a server that refused its token (`sessionEnded`): open the sign-in dialog for
    /// this server. Only a refused token makes the dialog say the session ended.
    case signInRequested(serverId: String, sessionEnded: Bool = false, at: Double)
    case signInSubmitted(username: String, password: SecretText)
    case signInDismissed
    /// The settings pane answers the person's last action there (kept until the next key).
    case paneNoted(AppError, kind: Notice.Kind, at: Double)
    /// The person acted again in the pane: the answer to the previous action goes.
    case paneNoteWithdrawn
    case signOutRequested(at: Double)

    // MARK: Connectivity (effects reporting back)
    /// The app attached its effect runner: the configured server is tested (a switch on start).
    case connectivityStarted(at: Double)
    case connectivityStopped
    case probeTimerFired(generation: Int, at: Double)
    case probeCompleted(generation: Int, result: DetailedStatus, hadToken: Bool, at: Double)
    case rowTestCompleted(generation: Int, result: DetailedStatus)
    /// The pane's rows may have grown old (`schedulePaneRetest`): those older than one probe
    /// interval are tested again.
    case paneRetestTimerFired(at: Double)
    case recoveryTimerFired(generation: Int, at: Double)
    case recoveryProbeCompleted(generation: Int, result: DetailedStatus, at: Double)
    /// A switch step's work is done (a step with no work of its own completes at once, so a
    /// frame can show it before the next one).
    case switchStepCompleted(generation: Int, step: SwitchStep, at: Double)
    case switchTestCompleted(generation: Int, result: DetailedStatus, hadToken: Bool, at: Double)
    /// `username`: the name that signed in, offered again next time (nil: not known).
    case signedIn(serverId: String, username: String? = nil, at: Double)
    case signInFailed(serverId: String, error: AppError)
    case signedOut(serverId: String, at: Double)
    case mdnsInspected(MDNSFinding)
    /// A server's `/api/config` answer (sanitized JSON bytes): fetched by its switch test, or
    /// restored from its saved data (`restoreServerData`). Saved with its data when the app
    /// switches away from it.
    case serverConfigRead(serverId: String, config: [UInt8])
    /// A read of a server's credentials file found these problems (a shared file made
    /// private, another user's file refused, a token that may not be sent); empty when none.
    case credentialsChecked(serverId: String, problems: [FileProblem], at: Double)
    /// `status` tested the effective server (with the fallback rule) outside the app: what it
    /// used is recorded, so `servers` and a later `status` tell the same story.
    case statusTested(server: ServerConfig, source: ServerSource, fallback: FallbackInfo?, result: DetailedStatus,
                      at: Double)

    // MARK: The watch (history and alerts, SPEC §15)
    /// The watch began: whether this process records (holds the recorder lock), who records
    /// otherwise, the incidents the history database still held open, and what is wrong with
    /// `recorder.lock` when this process could not use it (reported, never a reason to stop),
    /// and the alerts a mute held when the last recorder stopped (`held`, from the outbox).
    case watchStarted(role: WatchState.Role, isRecording: Bool, recorder: WatchState.Recorder?,
                      inherited: [InheritedIncident], held: [HeldAlert] = [], lockProblem: String? = nil, at: Double)
    /// The process that recorded stopped and this one took the recorder lock: it records and
    /// alerts from now on, starting from the incidents the database holds open.
    case recordingTakenOver(inherited: [InheritedIncident], held: [HeldAlert] = [], lockProblem: String? = nil,
                            at: Double)
    /// Another process still records (`checkRecorder`): who it is now (nil: it cannot be named).
    case recorderChecked(WatchState.Recorder?, at: Double)
    /// One target's delivery of one alert ended (`sendAlert`, `deliverOutbox`).
    case alertDelivered(key: String, target: AlertTarget, outcome: AlertOutcome)
    /// The monitor's next round is due (`scheduleRound`).
    case roundTimerFired(round: Int, at: Double)
    /// The monitor tested these servers (`testServers`); `confirming`: the re-test of servers
    /// that failed once in this round.
    case serversTested(round: Int, results: [DetailedStatus], confirming: Bool, at: Double)
    /// mutes.json was read (at start, after `mute`/`unmute` from another terminal).
    case mutesRead(MuteList, at: Double)
    /// A mute ended (`scheduleMuteEnd`): the alerts it held are due.
    case muteTimerFired(at: Double)
    /// drills.json was read (at start, after `drill` from another terminal, after the
    /// recorder's own change): every process sees the drill (SPEC §16).
    case drillsRead(DrillLog, at: Double)
    /// The drill's end is due (`scheduleDrillEnd`).
    case drillTimerFired(at: Double)
    /// The history database was read (figures and incidents for the screen).
    case historyRead(HistorySummary)
    /// A note from `h` was written to history (`problem` nil) or refused (`addIncidentNote`).
    case incidentNoteWritten(incidentId: Int64, problem: AppError?, at: Double)
    /// `monitor --status-page DIR`: the staff status page goes into this folder (over
    /// `status_page_dir`), written by this monitor whether or not it records.
    case statusPageDirectoryGiven(String)
    /// The monitor was asked to stop (SIGTERM, SIGINT…): it stops after the round in flight.
    case monitorStopRequested
}

extension AppEvent {
    /// The event's name for the log (no parameters: they may hold user text).
    public var name: String {
        switch self {
        case .loaded: "loaded"
        case .settingsFileRead: "settingsFileRead"
        case .settingsWritten: "settingsWritten"
        case .settingsWriteFailed: "settingsWriteFailed"
        case .appStateWriteFailed: "appStateWriteFailed"
        case .appStateWritten: "appStateWritten"
        case .appStateFileRead: "appStateFileRead"
        case .key: "key"
        case .clicked: "clicked"
        case .viewportMeasured: "viewportMeasured"
        case .addressTested: "addressTested"
        case .caBundleInspected: "caBundleInspected"
        case .fleetOpened: "fleetOpened"
        case .fleetAnswered: "fleetAnswered"
        case .fleetQueryFailed: "fleetQueryFailed"
        case .serverChosen: "serverChosen"
        case .customServerAddRequested: "customServerAddRequested"
        case .customServerRemoveRequested: "customServerRemoveRequested"
        case .languageChosen: "languageChosen"
        case .preferencesChanged: "preferencesChanged"
        case .paneOpened: "paneOpened"
        case .paneClosed: "paneClosed"
        case .settingsChangeRequested: "settingsChangeRequested"
        case .testRequested: "testRequested"
        case .rowTestsRequested: "rowTestsRequested"
        case .switchBackRequested: "switchBackRequested"
        case .switchCancelled: "switchCancelled"
        case .noticeDismissed: "noticeDismissed"
        case .signInRequested: "signInRequested"
        case .signInSubmitted: "signInSubmitted"
        case .signInDismissed: "signInDismissed"
        case .paneNoted: "paneNoted"
        case .paneNoteWithdrawn: "paneNoteWithdrawn"
        case .signOutRequested: "signOutRequested"
        case .connectivityStarted: "connectivityStarted"
        case .connectivityStopped: "connectivityStopped"
        case .probeTimerFired: "probeTimerFired"
        case .paneRetestTimerFired: "paneRetestTimerFired"
        case .probeCompleted: "probeCompleted"
        case .rowTestCompleted: "rowTestCompleted"
        case .recoveryTimerFired: "recoveryTimerFired"
        case .recoveryProbeCompleted: "recoveryProbeCompleted"
        case .switchStepCompleted: "switchStepCompleted"
        case .switchTestCompleted: "switchTestCompleted"
        case .signedIn: "signedIn"
        case .signInFailed: "signInFailed"
        case .signedOut: "signedOut"
        case .mdnsInspected: "mdnsInspected"
        case .serverConfigRead: "serverConfigRead"
        case .credentialsChecked: "credentialsChecked"
        case .statusTested: "statusTested"
        case .watchStarted: "watchStarted"
        case .recordingTakenOver: "recordingTakenOver"
        case .recorderChecked: "recorderChecked"
        case .alertDelivered: "alertDelivered"
        case .roundTimerFired: "roundTimerFired"
        case .serversTested: "serversTested"
        case .mutesRead: "mutesRead"
        case .muteTimerFired: "muteTimerFired"
        case .drillsRead: "drillsRead"
        case .drillTimerFired: "drillTimerFired"
        case .historyRead: "historyRead"
        case .incidentNoteWritten: "incidentNoteWritten"
        case .statusPageDirectoryGiven: "statusPageDirectoryGiven"
        case .monitorStopRequested: "monitorStopRequested"
        }
    }
}
