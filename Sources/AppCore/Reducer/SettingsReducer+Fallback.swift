/// During a fallback: the background watch of the configured server and the switch back,
/// offered (never forced) once it answers again.
extension SettingsReducer {
    mutating func startRecovery(of serverId: String, at: Double) {
        let generation = nextGeneration()
        var loop = ProbeLoop(serverId: serverId, generation: generation,
                             schedule: ProbeSchedule(interval: Double(state.probeInterval)))
        // It just failed: the watch starts in error, with the backoff.
        loop.schedule.apply(.probeStarted)
        let delay = loop.schedule.apply(.probeFailed(confirmed: true)) ?? ProbeSchedule.backoffStart
        state.connectivity.recovery = loop
        emit(.scheduleRecoveryProbe(generation: generation, after: delay))
    }

    mutating func recoveryTimerFired(generation: Int, at: Double) {
        guard var loop = state.connectivity.recovery, loop.generation == generation,
              let server = state.server(id: loop.serverId) else { return }
        loop.schedule.apply(.probeStarted)
        loop.probeStartedAt = at
        state.connectivity.recovery = loop
        emit(.probeRecovery(server, generation: generation))
    }

    mutating func recoveryProbeCompleted(generation: Int, result: DetailedStatus, at: Double) {
        guard var loop = state.connectivity.recovery, loop.generation == generation,
              result.serverId == loop.serverId else { return }
        let healthy = result.isHealthy
        let delay = loop.schedule.apply(healthy ? .probeSucceeded : .probeFailed(confirmed: true)) ?? 0
        loop.probeStartedAt = nil
        state.connectivity.recovery = loop
        state.serverStatuses[loop.serverId] = ServerProbeSummary(result)
        emit(.scheduleRecoveryProbe(generation: generation, after: delay))
        guard var fallback = state.fallback, fallback.fromServerId == loop.serverId else { return }
        if healthy && !fallback.configuredRecovered {
            record(TimelineEntry(at: at, kind: .recovered, serverId: loop.serverId))
        } else if !healthy && fallback.configuredRecovered {
            // It answered again and failed once more before the person switched back: a second
            // outage, recorded with its reason like the first.
            record(TimelineEntry(at: at, kind: .statusChanged, serverId: loop.serverId, status: .error,
                                 reason: ConnectivityMessages.failureReason(result)))
        }
        fallback.configuredRecovered = healthy
        if !healthy { fallback.reason = ConnectivityMessages.failureReason(result) }
        state.fallback = fallback
    }

    /// pn51, in use during the fallback, failed while the configured server answers: back to
    /// the configured server now, a switch with its steps (`FallbackPolicy.returnsToConfigured`).
    mutating func returnToConfigured(at: Double) {
        let reason = state.detailedStatus.map(ConnectivityMessages.failureReason)
            ?? ConnectivityError(code: .badResponse, message: "health check failed")
        startSwitch(to: state.configuredServer, source: state.configuredSource, origin: .fallbackFailed(reason: reason),
                    previousSelection: nil, at: at)
    }

    /// pn51 failed during a fallback: whether the configured server answers is asked now, not
    /// at the background watch's next turn (up to 10 s away), so the app goes back at once.
    mutating func testConfiguredNow(at: Double) {
        guard var loop = state.connectivity.recovery, loop.probeStartedAt == nil,
              state.fallback?.configuredRecovered == false else { return }
        loop.generation = nextGeneration()
        state.connectivity.recovery = loop
        recoveryTimerFired(generation: loop.generation, at: at)
    }

    /// `s`: back to the configured server, if it answered again.
    mutating func switchBack(at: Double) {
        guard state.connectivity.isActive, FallbackPolicy.offersSwitchBack(state) else { return }
        startSwitch(to: state.configuredServer, source: state.configuredSource, origin: .switchBack,
                    previousSelection: nil, at: at)
    }

    /// The configured server is in use again (or another server was chosen).
    mutating func endFallback() {
        state.fallback = nil
        state.connectivity.recovery = nil
        state.connectivity.lastFallbackAttempt = nil
    }
}
