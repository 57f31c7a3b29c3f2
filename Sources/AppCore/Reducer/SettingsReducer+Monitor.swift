/// The watch of the current server, the pane's row tests, and what a confirmed failure leads
/// to (fallback or a notice).
extension SettingsReducer {
    /// Starts watching the current server. `seed` is a test of it that just ran (a switch's):
    /// it counts as the first probe, so the server is not tested again at once.
    mutating func startMonitor(seed: DetailedStatus?, at: Double) {
        let generation = nextGeneration()
        var loop = ProbeLoop(serverId: state.currentServer.id, generation: generation,
                             schedule: ProbeSchedule(interval: Double(state.probeInterval)))
        var delay = 0.0
        if let seed, seed.serverId == loop.serverId {
            loop.schedule.apply(.probeStarted)
            delay = loop.schedule.apply(seed.isHealthy ? .probeSucceeded : .probeFailed(confirmed: true)) ?? 0
        }
        state.connectivity.monitor = loop
        emit(.scheduleProbe(generation: generation, after: delay))
    }

    /// After a switch that kept the server: the watch goes on where it was.
    mutating func resumeMonitor(_ loop: ProbeLoop?, at: Double) {
        guard var loop, loop.serverId == state.currentServer.id else {
            startMonitor(seed: nil, at: at)
            return
        }
        loop.generation = nextGeneration()
        loop.probeStartedAt = nil
        let delay = loop.schedule.status == .connected
            ? loop.schedule.interval : ProbeSchedule.backoffDelay(errorStreak: max(1, loop.schedule.errorStreak))
        state.connectivity.monitor = loop
        emit(.scheduleProbe(generation: loop.generation, after: delay))
    }

    /// `r`: the current server now, showing `testing`.
    mutating func testNow(at: Double) {
        guard state.connectivity.isActive, state.connectivity.activeSwitch == nil else { return }
        guard var loop = state.connectivity.monitor, loop.serverId == state.currentServer.id else {
            startMonitor(seed: nil, at: at)
            return
        }
        loop.generation = nextGeneration()
        state.connectivity.monitor = loop
        probeTimerFired(generation: loop.generation, at: at)
    }

    mutating func probeTimerFired(generation: Int, at: Double) {
        guard var loop = state.connectivity.monitor, loop.generation == generation,
              state.connectivity.activeSwitch == nil else { return }
        loop.schedule.apply(.probeStarted)
        loop.probeStartedAt = at
        state.connectivity.monitor = loop
        state.connectionStatus = loop.schedule.status
        emit(.probe(state.currentServer, generation: generation))
    }

    mutating func probeCompleted(generation: Int, result: DetailedStatus, hadToken: Bool, at: Double) {
        guard var loop = state.connectivity.monitor, loop.generation == generation,
              state.connectivity.activeSwitch == nil, result.serverId == state.currentServer.id else { return }
        let before = state.connectionStatus
        let healthy = result.isHealthy
        // A probe that ran into its timeout has waited the whole allowance: a hang, not a lost
        // packet, so it needs no confirming re-test.
        let timedOut = ConnectivityMessages.failureReason(result).code == .timeout
        let delay = loop.schedule.apply(healthy ? .probeSucceeded : .probeFailed(confirmed: timedOut)) ?? 0
        loop.probeStartedAt = nil
        state.connectivity.monitor = loop
        // Until a failure is confirmed the screen keeps its last confirmed details.
        if !loop.schedule.isConfirmingFailure {
            state.detailedStatus = result
            state.serverStatuses[result.serverId] = ServerProbeSummary(result)
        }
        if healthy, let time = result.responseTime {
            state.responseTimes.append(time)
            let keep = max(0, state.preferences.sparklineLength)
            if state.responseTimes.count > keep { state.responseTimes.removeFirst(state.responseTimes.count - keep) }
        }
        settle(loop.schedule.status, at: at)
        emit(.scheduleProbe(generation: generation, after: delay))
        if hadToken && SessionPolicy.authRequired(result) {
            emit(.verifyToken(state.currentServer))
        }
        if state.connectionStatus == .error {
            currentServerFailed(result, newly: before != .error, at: at)
        }
    }

    /// The current server's failure is confirmed: fall back to pn51 when the rule allows,
    /// otherwise say it is unreachable.
    private mutating func currentServerFailed(_ result: DetailedStatus, newly: Bool, at: Double) {
        let server = state.currentServer
        let reason = ConnectivityMessages.failureReason(result)
        if state.serverSource == .fallback {
            // The server used instead is failing too: the fallback notice says so (NoticeBoard).
            // If the configured server answers, `finish` takes the app back to it; whether it
            // does is asked at once.
            if newly { testConfiguredNow(at: at) }
            return
        }
        if FallbackPolicy.shouldTryFallback(failed: server, autoSwitchOnFailure: state.autoSwitchOnFailure) {
            let due = state.connectivity.lastFallbackAttempt.map { at - $0 >= FallbackPolicy.retryInterval } ?? true
            guard newly || due else { return }
            state.connectivity.lastFallbackAttempt = at
            startSwitch(to: FallbackPolicy.fallbackServer(in: state.availableServers), source: .fallback,
                        origin: .fallback(from: server, reason: reason), previousSelection: nil, at: at)
            return
        }
        if newly { post(unreachableNotice(server, reason: reason, at: at)) }
    }

    /// The pane: every listed server at once, each row updated as its answer comes. A row
    /// re-tested because it aged (`keepingWords`) keeps its last word and age until then.
    mutating func testRows(_ ids: [String], at: Double, keepingWords: Bool = false) {
        guard state.connectivity.isActive else { return }
        for id in ids {
            guard let server = state.server(id: id) else { continue }
            let generation = nextGeneration()
            state.connectivity.rowTests[id] = generation
            if !keepingWords || state.serverStatuses[id]?.lastChecked == nil {
                state.serverStatuses[id] = ServerProbeSummary(status: .testing)
            }
            emit(.testRow(server, generation: generation))
        }
    }

    mutating func rowTestCompleted(generation: Int, result: DetailedStatus) {
        guard state.connectivity.rowTests[result.serverId] == generation else { return }
        state.connectivity.rowTests[result.serverId] = nil
        state.serverStatuses[result.serverId] = ServerProbeSummary(result)
    }

    /// The first `dns` failure of a `.local` name asks what this machine has for mDNS, once.
    mutating func inspectMDNSIfNeeded(after event: AppEvent) {
        guard state.connectivity.isActive, !state.connectivity.mdnsInspectionRequested else { return }
        let result: DetailedStatus
        switch event {
        case .probeCompleted(_, let tested, _, _), .switchTestCompleted(_, let tested, _, _),
             .recoveryProbeCompleted(_, let tested, _), .rowTestCompleted(_, let tested):
            result = tested
        default:
            return
        }
        guard ConnectivityMessages.failureReason(result).code == .dns, !result.isHealthy,
              let server = state.server(id: result.serverId),
              URLHost.of(server.baseUrl)?.hasSuffix(".local") == true else { return }
        state.connectivity.mdnsInspectionRequested = true
        emit(.inspectMDNS)
    }
}
