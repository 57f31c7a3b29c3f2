import Localization

/// Work the reducer asks for. Effects run outside the reducer (the store runs the file
/// effects, the connectivity layer the rest) and report back as `AppEvent`s.
public enum AppEffect: Equatable, Sendable {
    /// Read-modify-write of settings.json → `settingsWritten` or `settingsWriteFailed`.
    case writeSettings(SettingsChange)
    /// app-state.json in the background → `appStateWriteFailed` on failure.
    case persistAppState(PersistedAppState)
    /// → `probeTimerFired` after the delay.
    case scheduleProbe(generation: Int, after: Double)
    /// → `recoveryTimerFired` after the delay.
    case scheduleRecoveryProbe(generation: Int, after: Double)
    /// While the pane is open → `paneRetestTimerFired` after the delay; nil cancels the timer
    /// (the pane closed: idle stays asleep).
    case schedulePaneRetest(after: Double?)
    /// One test of the four checks → `probeCompleted`.
    case probe(ServerConfig, generation: Int)
    /// → `rowTestCompleted`.
    case testRow(ServerConfig, generation: Int)
    /// → `recoveryProbeCompleted`.
    case probeRecovery(ServerConfig, generation: Int)
    /// The switch's test, with the server's `/api/config` → `switchTestCompleted`.
    case testSwitchTarget(ServerConfig, generation: Int)
    /// Lets a frame show a step that has no work of its own → `switchStepCompleted`.
    case advanceSwitch(generation: Int, step: SwitchStep)
    /// Saves what is known of a server the screen stops showing → `switchStepCompleted`.
    case saveServerData(ServerConfig, health: DetailedStatus?, generation: Int)
    /// Restores what was saved of the new server → `switchStepCompleted`.
    case restoreServerData(ServerConfig, generation: Int)
    /// The `auth` check said 401 although a token is stored: one refresh through the API
    /// client (it asks for sign-in when the refresh is refused).
    case verifyToken(ServerConfig)
    /// → `signedIn` or `signInFailed`. The password is wiped once the request is built.
    case signIn(ServerConfig, username: String, password: SecretText)
    /// → `signedOut`.
    case signOut(ServerConfig)
    /// `ca_bundle` or `cert_warning_days` changed: later tests use them.
    case updateTransport(caBundle: String?, certWarningDays: Int)
    /// Reads what this machine has for mDNS (nsswitch.conf, nss-mdns, Avahi) → `mdnsInspected`.
    case inspectMDNS
    /// The runner stops every timer and probe.
    case stopConnectivity
    /// Re-read settings.json (leaving the pane is "returning to the app") → `settingsFileRead`.
    case readSettingsFile
    /// Test an address typed in the pane before it is added → `addressTested`.
    case testAddress(ServerConfig)
    /// Look at a CA bundle path typed in the pane → `caBundleInspected`.
    case inspectCABundle(String)
    /// Ctrl-L: the terminal is drawn again from scratch.
    case redrawScreen
    /// The person quits.
    case quit
    /// The fleet view: query the central Prometheus now (`r`; the runner also repeats it).
    case queryFleet

    // MARK: The watch (history and alerts, SPEC §15; run by the watch runtime)
    /// Test these servers at once, within the descriptor budget → `serversTested`.
    case testServers([ServerConfig], round: Int, confirming: Bool)
    /// → `roundTimerFired` after the delay.
    case scheduleRound(round: Int, after: Double)
    /// A round is complete: the monitor writes its textfile, and stops here when asked to.
    case roundFinished(round: Int, at: Double)
    /// Store these results in the history database; `confirming`: each confirms (and in the
    /// figures replaces) its server's previous result (`Stopwatch`).
    case record([DetailedStatus], confirming: Bool = false)
    /// An incident begins (a confirmed failure, a certificate in its warning window, a fallback),
    /// with its whole reason: history keeps the numbers its words need.
    case openIncident(serverId: String, start: Double, reason: ConnectivityError)
    /// The server's open incident (its certificate's, when `certificate`) ends.
    case closeIncident(serverId: String, certificate: Bool, end: Double)
    /// Store the alert in the outbox, then deliver it to every trusted hook and every webhook at
    /// once, unless its ledger key was stored before → one `alertDelivered` per target.
    case sendAlert(AlertEvent)
    /// A mute holds this alert back: keep it in the outbox, undelivered, so that it outlives the
    /// process (it comes back in `watchStarted`/`recordingTakenOver`); sending it ends the hold.
    case holdAlert(HeldAlert)
    /// A held alert is no longer due (what it would tell is no longer true): forget it.
    case dropHeldAlert(key: String)
    /// Record how one target's delivery ended in the outbox (only then does it count as sent).
    case recordAlertOutcome(key: String, target: AlertTarget, outcome: AlertOutcome)
    /// Deliver what the outbox still holds (left by a stopped or killed process, webhooks to try
    /// again), and drop what failed for 24 h → `alertDelivered` per target.
    case deliverOutbox(at: Double)
    /// Take the recorder lock if the recorder stopped → `recordingTakenOver`, else `recorderChecked`.
    case checkRecorder
    /// Retention of the history database (hourly).
    case pruneHistory(at: Double)
    /// → `muteTimerFired` after the delay.
    case scheduleMuteEnd(after: Double)
    /// Change drills.json under its lock (the recorder's marks, `a`) → `drillsRead`.
    case changeDrill(DrillChange)
    /// → `drillTimerFired` after the delay (a drill ends by itself).
    case scheduleDrillEnd(after: Double)
    /// Read the history database's figures and incidents → `historyRead` (the `h` view opened).
    case readHistory
    /// Adds a person's note to an incident in history (`n` in `h`), as `incident note` does;
    /// the outcome comes back as `incidentNoteWritten`.
    case addIncidentNote(incidentId: Int64, text: String, at: Double)
    /// Write the staff status page into `directory` (atomically, every language; `index.html`
    /// in `language`); a refusal or failure is told once by the runtime (SPEC §16).
    case writeStatusPage(StatusPageModel, directory: String, language: AppLanguage)
}
