/// The pane's rows while it is open (SPEC §10.2): every server is tested when the pane opens,
/// and a row whose word is older than one probe interval is tested again, so the pane never
/// shows an old "Connected" as if it were current. The re-tests are timed by one timer, an
/// effect (`schedulePaneRetest`) that is cancelled when the pane closes: a closed pane costs
/// no wake-up.
extension SettingsReducer {
    mutating func paneOpened(at: Double) {
        // The pane shows every server's own status: all are tested when it opens.
        testRows(state.availableServers.map(\.id), at: at)
        guard state.connectivity.isActive else { return }
        emit(.schedulePaneRetest(after: Double(state.probeInterval)))
    }

    mutating func paneClosed() {
        // Leaving the pane is returning to the app: settings.json is read again and applied.
        emit(.readSettingsFile)
        if state.connectivity.isActive { emit(.schedulePaneRetest(after: nil)) }
    }

    /// The rows older than one probe interval are tested again, each keeping its last word
    /// (with its age) until the answer comes; the timer is set for the next row to age.
    mutating func paneRetestTimerFired(at: Double) {
        guard isPaneOpen, state.connectivity.isActive else { return }
        let plan = PaneRetestPlan(state, at: at)
        testRows(plan.due, at: at, keepingWords: true)
        emit(.schedulePaneRetest(after: plan.nextAfter))
    }
}

/// Which of the pane's rows are due for a test at a moment, and when the next one will be.
/// Pure, so the rule is tested on its own.
struct PaneRetestPlan: Equatable {
    /// The rows to test now, the oldest word first.
    var due: [String]
    /// Seconds until the next row is due (at least `shortestWait`).
    var nextAfter: Double

    /// A row due within this much of its moment is tested with the others now: the rows tested
    /// together when the pane opened answer some milliseconds apart, and stay one wake-up.
    static func slack(interval: Double) -> Double { min(1, interval / 4) }

    /// The timer never runs closer than this, whatever the rows' times say.
    static let shortestWait = 0.5

    /// At most this many of the pane's tests run at once: a list of hundreds of servers is
    /// tested again a batch at a time, and a switch's test never waits behind all of them
    /// (the engine queues what its descriptor budget does not hold).
    static let batch = 8

    init(_ state: SettingsState, at: Double) {
        let interval = Double(state.probeInterval)
        let connectivity = state.connectivity
        guard connectivity.activeSwitch == nil else {
            // A switch is tested first; the rows wait for it.
            due = []
            nextAfter = min(interval, 2)
            return
        }
        let slack = Self.slack(interval: interval)
        // Servers with a watch of their own keep their rows fresh: the one in use (its probes)
        // and the configured one during a fallback (its recovery probes).
        let watched: Set<String> = Set([connectivity.monitor?.serverId, connectivity.recovery?.serverId].compactMap { $0 })
        var candidates: [(id: String, checked: Double, index: Int)] = []
        var soonest = interval
        for (index, server) in state.availableServers.enumerated() where !watched.contains(server.id) {
            // A test under way answers for its row.
            guard connectivity.rowTests[server.id] == nil else { continue }
            guard let checked = state.serverStatuses[server.id]?.lastChecked else {
                candidates.append((server.id, -.infinity, index))
                continue
            }
            let left = checked + interval - at
            if left <= slack {
                candidates.append((server.id, checked, index))
            } else {
                soonest = min(soonest, left)
            }
        }
        let room = max(0, Self.batch - connectivity.rowTests.count)
        // The oldest first, then in list order.
        let ordered = candidates.sorted { ($0.checked, $0.index) < ($1.checked, $1.index) }
        due = ordered.prefix(room).map(\.id)
        // Rows left for later are looked at again soon; the others when the next one ages.
        nextAfter = max(Self.shortestWait, ordered.count > due.count ? min(soonest, 1) : soonest)
    }
}
