/// The pane's rows while it is open (SPEC §10.2): every server is tested when the pane opens,
/// and a row whose word is older than one probe interval is tested again, so the pane never
/// shows an old "Connected" as if it were current. The re-tests are timed by one timer, an
/// effect (`schedulePaneRetest`) that is cancelled when the pane closes: a closed pane costs
/// no wake-up.
extension SettingsReducer {
    mutating func paneOpened(at: Double) {
        state.isSettingsPaneOpen = true
        // The pane shows every server's own status: all are tested when it opens.
        testRows(state.availableServers.map(\.id), at: at)
        guard state.connectivity.isActive else { return }
        emit(.schedulePaneRetest(after: Double(state.probeInterval)))
    }

    mutating func paneClosed() {
        state.isSettingsPaneOpen = false
        // Leaving the pane is returning to the app: settings.json is read again and applied.
        emit(.readSettingsFile)
        if state.connectivity.isActive { emit(.schedulePaneRetest(after: nil)) }
    }

    /// The rows older than one probe interval are tested again, each keeping its last word
    /// (with its age) until the answer comes; the timer is set for the next row to age.
    mutating func paneRetestTimerFired(at: Double) {
        guard state.isSettingsPaneOpen, state.connectivity.isActive else { return }
        let plan = PaneRetestPlan(state, at: at)
        testRows(plan.due, at: at, keepingWords: true)
        emit(.schedulePaneRetest(after: plan.nextAfter))
    }
}

/// Which of the pane's rows are due for a test at a moment, and when the next one will be.
/// Pure, so the rule is tested on its own.
struct PaneRetestPlan: Equatable {
    /// The rows to test now, in list order.
    var due: [String]
    /// Seconds until the next row is due (at least `shortestWait`).
    var nextAfter: Double

    /// A row due within this much of its moment is tested with the others now: the rows tested
    /// together when the pane opened answer some milliseconds apart, and stay one wake-up.
    static func slack(interval: Double) -> Double { min(1, interval / 4) }

    /// The timer never runs closer than this, whatever the rows' times say.
    static let shortestWait = 0.5

    init(_ state: SettingsState, at: Double) {
        let interval = Double(state.probeInterval)
        let slack = Self.slack(interval: interval)
        // Servers with a watch of their own keep their rows fresh: the one in use (its probes),
        // the configured one during a fallback (its recovery probes), a switch's target.
        let watched: Set<String> = Set([state.connectivity.monitor?.serverId, state.connectivity.recovery?.serverId,
                                        state.connectivity.activeSwitch?.target.id].compactMap { $0 })
        var due: [String] = []
        var soonest = interval
        for server in state.availableServers where !watched.contains(server.id) {
            // A test under way answers for its row.
            guard state.connectivity.rowTests[server.id] == nil else { continue }
            guard let checked = state.serverStatuses[server.id]?.lastChecked else {
                due.append(server.id)
                continue
            }
            let left = checked + interval - at
            if left <= slack {
                due.append(server.id)
            } else {
                soonest = min(soonest, left)
            }
        }
        self.due = due
        nextAfter = max(Self.shortestWait, soonest)
    }
}
