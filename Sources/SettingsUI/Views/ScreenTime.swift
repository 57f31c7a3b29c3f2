import AppCore

/// The clock as the screen shows it: the values of the texts that count time, not the time
/// itself. A frame is drawn from these, so two moments whose texts read the same give equal
/// models (the later frame draws nothing: `AppLoop`). Which region of a frame shows which of
/// these values is the drawing path's (`RegionKey`), not the views'.
public struct ScreenTime: Equatable, Sendable {
    /// "checked N s ago" of the current server (its own region: `MainScreenView`).
    public var checked: CheckedAge = .never
    /// The N of "no answer for N s", while shown.
    public var waitingSeconds: Int?
    /// Per `serverHistory` entry: today's, shown with its time only (otherwise with its date).
    public var historyTimeOnly: [Bool] = []
    /// The mutes still running.
    public var mutes = MuteList()
    /// The drill in force (SPEC §16: the header and the pane say 訓練中).
    public var drill: DrillRecord?
    /// The moment itself, only while the history overlay is open: its open incidents count
    /// their duration (no timer redraws them; any other frame does).
    public var overlayNow: Double?
    /// The moment itself, only while a text quotes this machine's clock (a certificate not yet
    /// valid, `clock_behind`): the quote is as of the frame, not of the test (SPEC §10.4).
    public var clockReading: Double?
    /// While the pane is open: how old each row's word is ("12 s ago"), by server id.
    public var paneAges: [String: CheckedAge] = [:]

    public init() {}

    public init(state: AppState, now: Double) {
        let settings = state.settings
        checked = CheckedAge(lastChecked: ServerPanelView.currentStatus(settings)?.lastChecked, now: now)
        waitingSeconds = StatusIndicator.waitingSeconds(settings, now: now)
        historyTimeOnly = settings.serverHistory.map { HistoryView.showsTimeOnly($0, now: now) }
        mutes = MuteList(entries: state.watch.mutes.entries.filter { $0.until > now })
        drill = state.watch.drills.active(at: now)
        if state.screen.activeOverlay(settings) == .history { overlayNow = now }
        if state.screen.isSettingsPaneOpen { paneAges = PaneListView.ages(settings, now: now) }
        if Self.quotesClock(settings) { clockReading = now }
    }

    /// Whether a notice or a check of the server in use quotes the machine's clock.
    static func quotesClock(_ settings: SettingsState) -> Bool {
        let quoting: ([String: String]) -> Bool = { $0[ConnectivityCause.parameter] == ConnectivityCause.clockBehind.rawValue }
        return settings.notices.contains { quoting($0.message.parameters) || $0.message.reason.map { quoting($0.parameters) } == true }
            || (settings.detailedStatus?.checks.contains { $0.error.map { quoting($0.parameters) } == true } ?? false)
    }

    /// The mute that holds `serverId`'s alerts now (the one ending last), if any.
    public func mute(of serverId: String) -> MuteList.Entry? {
        // Every entry kept runs past the moment of the model: any earlier moment selects them all.
        mutes.mute(of: serverId, at: -.infinity)
    }

    /// Seconds from `now` until a text the timer redraws ("checked N s ago", "no answer for
    /// N s", the pane rows' ages) reads otherwise, or nil when none is on screen: the app sleeps until then.
    public static func secondsUntilChange(_ state: AppState, now: Double) -> Double? {
        let settings = state.settings
        var soonest = CheckedAge.secondsUntilChange(lastChecked: ServerPanelView.currentStatus(settings)?.lastChecked,
                                                    now: now)
        if let waited = settings.secondsWithoutAnswer(now: now) {
            // The waiting text appears at the threshold, then counts whole seconds.
            let delay = waited < StatusIndicator.waitingThreshold
                ? StatusIndicator.waitingThreshold - waited : waited.rounded(.down) + 1 - waited
            soonest = min(soonest ?? delay, delay)
        }
        if quotesClock(settings) {
            // The quoted clock reads the next second.
            let delay = now.rounded(.down) + 1 - now
            soonest = min(soonest ?? delay, delay)
        }
        // The pane's ages are read at this same tick while it counts seconds (each is then at
        // most a second behind): one wake-up a second, not one per row.
        if state.screen.isSettingsPaneOpen, soonest.map({ $0 > 1 }) ?? true,
           let rows = PaneListView.secondsUntilAgeChange(settings, now: now) {
            soonest = min(soonest ?? rows, rows)
        }
        return soonest
    }
}
