import Localization
import SettingsStore

/// Work an engine hands the runner: it runs off the main actor and ends in the event that
/// reports it. The runner tracks it, cancels it when newer work supersedes it, and dispatches
/// its event.
public typealias EffectWork = @Sendable () async -> AppEvent

/// The terminal's work, which only the app's loop can do: the runner calls it for `.quit` and
/// `.redrawScreen`.
@MainActor
public protocol TerminalCapability: AnyObject {
    func quit()
    func redraw()
}

/// The fleet view's engine (`FleetRuntime`, given by its parts: the fleet module does not
/// depend on this one): the query the runner runs for `.queryFleet`, one at a time, and repeats
/// every `refreshSeconds` on `clock` while it is attached.
public struct FleetEngine {
    public var clock: AppClock
    public var refreshSeconds: Double
    public var query: @MainActor () -> EffectWork

    public init(clock: AppClock, refreshSeconds: Double, query: @escaping @MainActor () -> EffectWork) {
        self.clock = clock
        self.refreshSeconds = refreshSeconds
        self.query = query
    }
}

/// The watch's engines (history, the outbox and its deliveries, the hook spawner and webhook
/// sender, mutes.json and drills.json, the status page), implemented by `WatchRuntime`. They
/// do the work; the runner decides when, tracks it and dispatches what it reports. None of
/// them reads or keeps a fact of the state beyond what its arguments say.
@MainActor
public protocol WatchEngine: AnyObject {
    /// The clock of the watch's timers and events.
    var clock: AppClock { get }
    func testServers(_ servers: [ServerConfig], round: Int, confirming: Bool) -> EffectWork
    /// A round is complete: the figures are read, then the monitor's own work (its textfile).
    func roundFinished(round: Int) async
    func record(_ results: [DetailedStatus], confirming: Bool) async
    func openIncident(serverId: String, start: Double, reason: ConnectivityError) async
    func closeIncident(serverId: String, certificate: Bool, end: Double) async
    /// Stores the alert in the outbox; the deliveries it is due (none when stored before).
    func storeAlert(_ event: AlertEvent) async -> [EffectWork]
    func recordAlertOutcome(key: String, target: AlertTarget, outcome: AlertOutcome) async
    /// Keeps an alert a mute holds in the outbox, undelivered; `dropHeldAlert` forgets it.
    func holdAlert(_ alert: HeldAlert) async
    func dropHeldAlert(key: String) async
    /// What the outbox still holds, as deliveries.
    func dueDeliveries(at: Double) async -> [EffectWork]
    /// → `recordingTakenOver` or `recorderChecked`.
    func checkRecorder() async -> AppEvent?
    func pruneHistory(at: Double) async
    /// → `historyRead` (nil when history cannot be read).
    func readHistory() async -> AppEvent?
    func addIncidentNote(incidentId: Int64, text: String) -> EffectWork
    func writeStatusPage(_ model: StatusPageModel, directory: String, language: AppLanguage) async
    /// → `drillsRead` (nil when drills.json cannot be changed; logged).
    func changeDrill(_ change: DrillChange) async -> AppEvent?
    func updateTransport(caBundle: String?, certWarningDays: Int)
}
