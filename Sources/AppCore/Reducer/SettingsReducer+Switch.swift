/// The switch pipeline: validate → `switching` with visible steps → the new server, or the
/// previous one kept, or pn51 as a fallback.
///
/// One switch at a time: a newer request cancels the older one (which then changes nothing),
/// and Esc puts back exactly what was there before the first of them. A switch that settings.json
/// asked for and that fails or is cancelled writes the previous selection back, so the file,
/// the screen and `status` never disagree about which server is configured. Nothing a person
/// owns is deleted: the previous server's data is saved before the screen forgets it, and
/// language and preferences are never touched.
extension SettingsReducer {
    /// settings.json asks for `target` (a selection, a hand edit, a removal or reset).
    mutating func requestServer(_ target: ServerConfig, source: ServerSource, previousSelection: SettingsSelection?,
                                at: Double) {
        guard state.connectivity.isActive else {
            // The command line: adopted at once, untested.
            state.currentServer = fresh(target)
            state.serverSource = source
            if state.detailedStatus?.serverId != target.id {
                state.connectionStatus = .disconnected
                state.detailedStatus = nil
            }
            return
        }
        if target.id == state.currentServer.id {
            // The server already in use: no test, just its config and source. A switch under
            // way to another server is abandoned (the person chose to stay).
            if let run = state.connectivity.activeSwitch { restore(run.before, status: nil, at: at) }
            state.currentServer = fresh(target)
            state.serverSource = source
            if source != .fallback { endFallback() }
            if state.connectivity.monitor == nil { startMonitor(seed: nil, at: at) }
            return
        }
        startSwitch(to: target, source: source, origin: .settings, previousSelection: previousSelection, at: at)
    }

    mutating func startSwitch(to target: ServerConfig, source: ServerSource, origin: SwitchOrigin,
                              previousSelection: SettingsSelection?, at: Double) {
        let earlier = state.connectivity.activeSwitch
        let before = earlier?.before ?? SwitchSnapshot(state)
        let generation = nextGeneration()
        state.connectivity.activeSwitch = SwitchRun(
            generation: generation, target: fresh(target), source: source, origin: origin, startedAt: at,
            before: before, previousSelection: earlier?.previousSelection ?? previousSelection)
        // The switch owns the status until it ends.
        state.connectivity.monitor = nil
        if origin == .start {
            // Starting on the configured server is not a switch: its first test shows as
            // `testing` ("Not checked yet" until then), with no switch steps and no "switched".
            state.connectionStatus = .testing
            state.serverSwitchState = .idle
        } else {
            state.connectionStatus = .switching
            state.serverSwitchState = ServerSwitchState(isInProgress: true, fromServerId: before.server.id,
                                                        toServerId: target.id, progress: .validating, startedAt: at)
        }
        emit(.advanceSwitch(generation: generation, step: .validating))
    }

    mutating func switchStepCompleted(generation: Int, step: SwitchStep, at: Double) {
        guard let run = state.connectivity.activeSwitch, run.generation == generation else { return }
        switch step {
        case .validating:
            let validation = AddressValidator.validate(run.target.baseUrl, environment: state.environment)
            guard validation.isValid else {
                finishFailed(run, reason: nil, refusal: ConnectivityMessages.invalidAddress(validation), at: at)
                return
            }
            setStep(.testingConnection)
            emit(.testSwitchTarget(run.target, generation: generation))
        case .testingConnection:
            break
        case .savingServerData:
            setStep(.clearingServerData)
            if run.changesServer {
                // Only what the screen holds: the files stay.
                state.detailedStatus = nil
                state.responseTimes = []
                state.loginRequest = nil
            }
            emit(.advanceSwitch(generation: generation, step: .clearingServerData))
        case .clearingServerData:
            setStep(.restoringServerData)
            emit(.restoreServerData(run.target, generation: generation))
        case .restoringServerData:
            setStep(.signingIn)
            emit(.advanceSwitch(generation: generation, step: .signingIn))
        case .signingIn:
            finishSucceeded(run, at: at)
        }
    }

    mutating func switchTestCompleted(generation: Int, result: DetailedStatus, hadToken: Bool, at: Double) {
        guard var run = state.connectivity.activeSwitch, run.generation == generation else { return }
        run.result = result
        run.hadToken = hadToken
        state.connectivity.activeSwitch = run
        state.serverStatuses[run.target.id] = ServerProbeSummary(result)
        guard result.isHealthy else {
            finishFailed(run, reason: ConnectivityMessages.failureReason(result), refusal: nil, at: at)
            return
        }
        setStep(.savingServerData)
        if run.changesServer {
            emit(.saveServerData(run.before.server, health: run.before.detailedStatus, generation: generation))
        } else {
            emit(.advanceSwitch(generation: generation, step: .savingServerData))
        }
    }

    mutating func cancelSwitch(at: Double) {
        guard let run = state.connectivity.activeSwitch else { return }
        restore(run.before, status: nil, at: at)
        record(TimelineEntry(at: at, kind: .switchCancelled, serverId: run.target.id))
        post(Notice(subject: .server(run.target.id), kind: .info,
                    message: ConnectivityMessages.switchCancelled(target: run.target, kept: run.before.server),
                    condition: .untilDismissed, inUse: run.before.server.id, postedAt: at))
        writeBackSelection(of: run)
    }

    private mutating func setStep(_ step: SwitchStep) {
        // The start's test has no steps to show (it is not a switch).
        guard state.serverSwitchState.isInProgress else { return }
        state.serverSwitchState.progress = step
    }

    private mutating func finishSucceeded(_ run: SwitchRun, at: Double) {
        guard let result = run.result else { return }
        state.connectivity.activeSwitch = nil
        state.currentServer = fresh(run.target)
        state.detailedStatus = result
        state.serverSwitchState = .idle
        if run.changesServer { state.responseTimes = [] }
        settle(.connected, at: at)
        if run.origin != .start {
            // The first test on start is not a switch: the history lists switches only.
            recordHistory(serverId: run.target.id, successful: true, startedAt: run.startedAt, at: at)
        }
        if run.hadToken && SessionPolicy.authRequired(result) {
            state.loginRequest = newLoginRequest(serverId: run.target.id, sessionEnded: true)
        }
        if case .fallback(let from, let reason) = run.origin,
           case .fallback(let info) = FallbackPolicy.outcome(configured: from, failedWith: reason, fallbackResult: result) {
            state.serverSource = .fallback
            state.fallback = info
            record(TimelineEntry(at: at, kind: .fallback, serverId: from.id, reason: reason))
            startRecovery(of: from.id, at: at)
        } else {
            state.serverSource = run.source
            endFallback()
            if case .fallbackFailed(let reason) = run.origin {
                post(Notice(subject: .server(run.target.id), kind: .info,
                            message: ConnectivityMessages.fallbackEnded(fallback: run.before.server, reason: reason,
                                                                        configured: run.target),
                            condition: .untilDismissed, inUse: run.target.id, postedAt: at))
            }
            if run.origin != .start {
                record(TimelineEntry(at: at, kind: .switched, serverId: run.target.id,
                                     durationMs: max(0, (at - run.startedAt) * 1000)))
            }
        }
        startMonitor(seed: result, at: at)
    }

    /// The target did not pass its test (`reason`), or its address was refused (`refusal`).
    private mutating func finishFailed(_ run: SwitchRun, reason: ConnectivityError?, refusal: AppError?, at: Double) {
        state.connectivity.activeSwitch = nil
        if run.origin != .start {
            // The first test on start is not a switch: its failure is a status change, told by `settle`.
            recordHistory(serverId: run.target.id, successful: false, startedAt: run.startedAt, at: at)
            record(TimelineEntry(at: at, kind: .switchFailed, serverId: run.target.id,
                                 durationMs: max(0, (at - run.startedAt) * 1000), reason: reason))
        }
        let failure = reason ?? ConnectivityError(code: .badResponse, message: "refused")
        switch run.origin {
        case .fallback(let configured, let configuredReason):
            // pn51 is unreachable too: the configured server stays shown, in error. The notice
            // speaks of the server in use: another server chosen and connected ends it.
            restore(run.before, status: .error, at: at)
            post(Notice(subject: .server(configured.id), kind: .error,
                        message: ConnectivityMessages.allUnreachable(configured: configured, fallback: run.target,
                                                                     reason: configuredReason),
                        condition: .serverNotConnected(state.currentServer.id), inUse: state.currentServer.id,
                        postedAt: at))
        case .start:
            // Nothing to keep: the configured server is shown, in error, and pn51 is tried
            // when the rule allows.
            state.currentServer = fresh(run.target)
            state.serverSource = run.source
            state.detailedStatus = run.result
            state.serverSwitchState = .idle
            state.responseTimes = []
            settle(.error, at: at)
            if FallbackPolicy.shouldTryFallback(failed: run.target, autoSwitchOnFailure: state.autoSwitchOnFailure) {
                state.connectivity.lastFallbackAttempt = at
                startSwitch(to: FallbackPolicy.fallbackServer(in: state.availableServers), source: .fallback,
                            origin: .fallback(from: run.target, reason: failure), previousSelection: nil, at: at)
            } else {
                post(unreachableNotice(run.target, reason: failure, at: at))
                startMonitor(seed: run.result, at: at)
            }
        case .switchBack, .fallbackFailed:
            // The configured server failed again: the fallback goes on, and says why.
            restore(run.before, status: nil, at: at)
            state.fallback?.configuredRecovered = false
            state.fallback?.reason = failure
        case .settings:
            restore(run.before, status: nil, at: at)
            let message = refusal ?? ConnectivityMessages.switchFailed(target: run.target, previous: run.before.server,
                                                                        reason: failure)
            post(Notice(subject: .server(run.target.id), kind: .error, message: message,
                        condition: refusal == nil ? .serverNotConnected(run.target.id) : .untilDismissed,
                        inUse: run.before.server.id, postedAt: at))
            writeBackSelection(of: run)
        }
    }

    /// A switch settings.json asked for did not happen: the file names the previous server again.
    private mutating func writeBackSelection(of run: SwitchRun) {
        guard run.origin == .settings, let previous = run.previousSelection else { return }
        emit(.writeSettings(.restoreSelection(previous)))
    }

    /// Puts the screen back as it was before a switch; the watch of the server goes on.
    mutating func restore(_ before: SwitchSnapshot, status: ConnectionStatus?, at: Double) {
        state.connectivity.activeSwitch = nil
        state.currentServer = fresh(before.server)
        state.serverSource = before.source
        state.detailedStatus = before.detailedStatus
        state.responseTimes = before.responseTimes
        state.fallback = before.fallback
        state.loginRequest = before.loginRequest
        state.serverSwitchState = .idle
        settle(status ?? before.status, at: at)
        resumeMonitor(before.monitor, at: at)
        if let fallback = before.fallback, state.connectivity.recovery?.serverId != fallback.fromServerId {
            startRecovery(of: fallback.fromServerId, at: at)
        }
    }

    func unreachableNotice(_ server: ServerConfig, reason: ConnectivityError, at: Double) -> Notice {
        Notice(subject: .server(server.id), kind: .error,
               message: ConnectivityMessages.unreachable(server, reason: reason),
               condition: .serverNotConnected(server.id), postedAt: at)
    }
}
