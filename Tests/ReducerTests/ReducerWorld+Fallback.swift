import Testing
@testable import AppCore
@testable import SettingsStore

/// The claims of the stories that start from settings.json (Mac Mini named) and fall back:
/// what loading the file does, what a failed first test of the configured server does, what
/// the watch keeps of a failure. Each sets the fields a step changes, from what the story knows
/// (the servers, the time, how the network answers), not by running the reducer again.
extension ReducerWorld {
    /// The days before a certificate's expiry the app warns, when settings.json does not say.
    static let loadedCertWarningDays = NativeSettings.defaults.certWarningDays

    /// `loaded` with settings.json naming `named` (its `source`): it is the configured server
    /// and the one in use before any test; the stories' files also set `auto_switch_on_failure`
    /// and `probe_interval` (`file`). With no file (pn51 by default) nothing changes.
    static func loads(_ named: ServerConfig, source: ServerSource, file: NativeSettings) -> (inout AppState) -> Void {
        { app in
            app.settings.currentServer = named
            app.settings.configuredServer = named
            app.settings.serverSource = source
            app.settings.configuredSource = source
            app.settings.autoSwitchOnFailure = file.autoSwitchOnFailure
            app.settings.probeInterval = file.probeInterval
        }
    }

    /// The first reason a failed test of `server` gives (`health` down or hanging).
    static func reason(_ server: ServerConfig, health: Health, at now: Double) -> ConnectivityError? {
        status(server, health: health, at: now).checks.compactMap(\.error).first
    }

    /// What the watch knows of a server after its first result, a failure at `now`.
    static func firstFailure(_ result: DetailedStatus, at now: Double) -> ServerWatch {
        var watch = ServerWatch()
        watch.failures = 1
        watch.streakStart = now
        watch.lastResult = result
        watch.seen = true
        watch.failedSinceStart = true
        return watch
    }

    /// The start's test of `configured` failed (`health`) at `now` and `fallback` answered: the
    /// app runs on the fallback, says so once, and watches the configured server in the
    /// background. Three generations: the switch to the fallback, the recovery loop, the probe
    /// loop.
    /// `since`: when the configured server's status began, when it was running (not at start).
    static func fellBackAtStart(from configured: ServerConfig, failing health: Health, to fallback: ServerConfig,
                                since: Double? = nil, at now: Double) -> (inout AppState) -> Void {
        { app in
            let failed = status(configured, health: health, at: now)
            let answered = status(fallback, health: .up, at: now)
            let reason = reason(configured, health: health, at: now) ?? ConnectivityError(code: .connect, message: "")
            app.settings.currentServer = fallback
            app.settings.serverSource = .fallback
            app.settings.connectionStatus = .connected
            app.settings.detailedStatus = answered
            app.settings.fallback = FallbackInfo(fromServerId: configured.id, reason: reason)
            app.settings.serverStatuses[configured.id] = ServerProbeSummary(failed)
            app.settings.serverStatuses[fallback.id] = ServerProbeSummary(answered)
            app.settings.serverHistory.insert(ServerHistoryEntry(serverId: fallback.id, lastUsed: now, successful: true, durationMs: 0), at: 0)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: configured.id, status: .error,
                                                       previousDuration: since.map { now - $0 }, reason: reason), at: 0)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: fallback.id, status: .connected), at: 0)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .fallback, serverId: configured.id, reason: reason), at: 0)
            app.settings.notices = [fallbackNotice(from: configured, to: fallback, reason: reason, recovered: false, at: now)]
            app.settings.connectivity.activeSwitch = nil
            app.settings.connectivity.lastFallbackAttempt = now
            app.settings.connectivity.statusSince = now
            app.settings.connectivity.lastGeneration += 2
            app.settings.connectivity.recovery = loopAfterConfirmedFailure(of: configured.id, in: app)
            loopStarts(connectedTo: fallback.id)(&app)
            countsFailure(failed, reason: reason, at: now)(&app.watch.servers[configured.id, default: ServerWatch()])
            app.watch.servers[fallback.id] = firstSuccess(answered, at: now)
            app.watch.fallbackStart = WatchState.FallbackStart(since: now)
        }
    }

    /// The notice of a fallback from `configured` to `fallback`; `recovered`: the configured
    /// server answers again (then it is good news, offering the switch back).
    static func fallbackNotice(from configured: ServerConfig, to fallback: ServerConfig, reason: ConnectivityError,
                               recovered: Bool, at now: Double) -> Notice {
        let host = configured.name
        return Notice(subject: .server(configured.id), kind: .warning,
                      message: AppError(key: "notice.fallback", parameters: [
                          "failed": configured.id, "host": host, "server": fallback.id,
                          "seconds": String(configured.connectionTimeout / 1000)], code: reason.code, reason: reason),
                      condition: .fallback(from: configured.id, recovered: recovered), postedAt: now)
    }
}

extension ReducerWorld {
    /// The error notice of `server` unreachable (`health` down or hanging) with nowhere to go.
    static func unreachableNotice(_ server: ServerConfig, health: Health, at now: Double) -> Notice {
        let reason = reason(server, health: health, at: now)
        return Notice(subject: .server(server.id), kind: .error,
                      message: AppError(key: reason?.code == .timeout ? "notice.timeout" : "error.\(reason?.code.rawValue ?? "connect").message",
                                        parameters: [
                          "host": server.name, "server": server.id, "seconds": String(server.connectionTimeout / 1000)],
                          code: reason?.code, reason: reason),
                      condition: .serverNotConnected(server.id), postedAt: now)
    }

    /// The start's test of `server` failed (`health`) at `now` and no fallback is tried: in
    /// error, told once, its probe loop backing off.
    static func startFailed(_ server: ServerConfig, health: Health, at now: Double) -> (inout AppState) -> Void {
        { app in
            let failed = status(server, health: health, at: now)
            app.settings.connectionStatus = .error
            app.settings.detailedStatus = failed
            app.settings.serverStatuses[server.id] = ServerProbeSummary(failed)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: server.id, status: .error,
                                                       reason: reason(server, health: health, at: now)), at: 0)
            app.settings.notices = [unreachableNotice(server, health: health, at: now)]
            app.settings.connectivity.activeSwitch = nil
            app.settings.connectivity.statusSince = now
            app.settings.connectivity.lastGeneration += 1
            app.settings.connectivity.monitor = loopAfterConfirmedFailure(of: server.id, in: app)
            app.watch.servers[server.id] = firstFailure(failed, at: now)
        }
    }
}

extension ReducerWorld {
    /// The start's test of `configured` failed and so did the fallback's (`fallback` down) at
    /// `now`: the configured server is shown in error, "both unreachable" told once, and probed
    /// afresh (a new loop, not yet tested).
    static func bothDownAtStart(_ configured: ServerConfig, failing health: Health, fallback: ServerConfig,
                                at now: Double) -> (inout AppState) -> Void {
        { app in
            let failed = status(configured, health: health, at: now)
            let fallbackFailed = status(fallback, health: .down, at: now)
            let fallbackReason = reason(fallback, health: .down, at: now)
            app.settings.connectionStatus = .error
            app.settings.detailedStatus = failed
            app.settings.serverStatuses[configured.id] = ServerProbeSummary(failed)
            app.settings.serverStatuses[fallback.id] = ServerProbeSummary(fallbackFailed)
            app.settings.serverHistory.insert(ServerHistoryEntry(serverId: fallback.id, lastUsed: now, successful: false, durationMs: 0), at: 0)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: configured.id, status: .error,
                                                       reason: reason(configured, health: health, at: now)), at: 0)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .switchFailed, serverId: fallback.id, durationMs: 0,
                                                       reason: fallbackReason), at: 0)
            app.settings.notices = [allUnreachableNotice(configured, health: health, fallback: fallback, at: now)]
            app.settings.connectivity.activeSwitch = nil
            app.settings.connectivity.lastFallbackAttempt = now
            app.settings.connectivity.statusSince = now
            app.settings.connectivity.lastGeneration += 2
            app.settings.connectivity.monitor = ProbeLoop(serverId: configured.id, generation: app.settings.connectivity.lastGeneration,
                                                          schedule: ProbeSchedule(interval: Double(app.settings.probeInterval)))
            app.watch.servers[configured.id] = firstFailure(failed, at: now)
            app.watch.servers[fallback.id] = firstFailure(fallbackFailed, at: now)
        }
    }

    /// "Both unreachable": `configured` failed (`health`), and so did `fallback`; the server shown
    /// (`configured`, or `fallback` when the app stays on it: `onFallback`) is named as the one in
    /// use, so the notice goes when another server is chosen and answers.
    static func allUnreachableNotice(_ configured: ServerConfig, health: Health, fallback: ServerConfig, onFallback: Bool = false,
                                     at now: Double) -> Notice {
        let reason = reason(configured, health: health, at: now)
        let shown = onFallback ? fallback : configured
        return Notice(subject: .server(configured.id), kind: .error,
                      message: AppError(key: "notice.all_unreachable", parameters: [
                          "host": configured.name, "server": configured.id, "fallback": fallback.id,
                          "seconds": String(configured.connectionTimeout / 1000)], code: reason?.code, reason: reason),
                      condition: .serverNotConnected(shown.id), inUse: shown.id, postedAt: now)
    }

    /// The server in use, in error since `since` after `failures` failed probes, answered at
    /// `now`: connected again, its notice gone, the watch's failure streak over.
    static func reconnected(_ server: ServerConfig, since: Double, at now: Double) -> (inout AppState) -> Void {
        { app in
            let result = status(server, health: .up, at: now)
            app.settings.connectionStatus = .connected
            app.settings.detailedStatus = result
            app.settings.serverStatuses[server.id] = ServerProbeSummary(result)
            app.settings.responseTimes += [result.responseTime ?? 0]
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: server.id, status: .connected,
                                                       previousDuration: now - since), at: 0)
            app.settings.notices = []
            app.settings.connectivity.statusSince = now
            app.settings.connectivity.monitor?.schedule.apply(.probeSucceeded)
            app.settings.connectivity.monitor?.probeStartedAt = nil
            countsSuccess(result, at: now)(&app.watch.servers[server.id, default: ServerWatch()])
        }
    }
}

extension ReducerWorld {
    /// During the fallback from `configured` (failed at `since`), its background probe answered
    /// at `now`: the switch back is offered as good news, not made.
    static func configuredRecovered(_ configured: ServerConfig, since: Double, at now: Double) -> (inout AppState) -> Void {
        { app in
            let result = status(configured, health: .up, at: now)
            app.settings.fallback?.configuredRecovered = true
            app.settings.serverStatuses[configured.id] = ServerProbeSummary(result)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .recovered, serverId: configured.id), at: 0)
            // The notice about the fallback becomes the offer; it keeps the time it was posted.
            app.settings.notices = [Notice(subject: .server(configured.id), kind: .goodNews,
                                           message: AppError(key: "notice.switch_back_offer", parameters: ["server": configured.id]),
                                           condition: .fallback(from: configured.id, recovered: true), postedAt: since)]
            app.settings.connectivity.recovery?.schedule.apply(.probeSucceeded)
            countsSuccess(result, at: now)(&app.watch.servers[configured.id, default: ServerWatch()])
        }
    }

    /// The switch back to `configured` (up) ran all its steps at `now`: the fallback is over,
    /// nothing left to say, the background watch ends.
    static func switchedBack(to configured: ServerConfig, statusSince: Double, at now: Double) -> (inout AppState) -> Void {
        { app in
            let watch = app.watch.servers[configured.id, default: ServerWatch()]
            let spell = app.settings.fallback.map {
                WatchState.FallbackSpell(fromServerId: $0.fromServerId, reason: $0.reason, since: app.watch.fallbackStart?.since ?? statusSince)
            }
            switched(to: configured, at: now, previousDuration: now - statusSince)(&app)
            app.settings.fallback = nil
            app.settings.notices = []
            app.settings.connectivity.recovery = nil
            app.settings.connectivity.lastFallbackAttempt = nil
            // The switch's test is one more success of the streak the background probe began.
            app.watch.servers[configured.id] = watch
            app.watch.servers[configured.id]?.successes += 1
            app.watch.servers[configured.id]?.lastResult = status(configured, health: .up, at: now)
            // An up streak of `alert_up_confirmations` closes the watch's incident (never alerted here).
            if watch.successes + 1 >= app.settings.alertUpConfirmations {
                app.watch.servers[configured.id]?.incident = nil
            }
            app.watch.fallbackStart = nil
            app.watch.endedFallback = spell.map { WatchState.EndedFallback(spell: $0, end: now) }
        }
    }
}

extension ReducerWorld {
    /// During the fallback, the background probe of `configured` failed again (`health`) at
    /// `now`: one more failure, the probe backing off further.
    static func backgroundProbeFailed(_ configured: ServerConfig, health: Health, at now: Double) -> (inout AppState) -> Void {
        { app in
            let failed = status(configured, health: health, at: now)
            app.settings.serverStatuses[configured.id] = ServerProbeSummary(failed)
            app.settings.connectivity.recovery?.schedule.apply(.probeFailed(confirmed: true))
            countsFailure(failed, reason: reason(configured, health: health, at: now),
                          at: now)(&app.watch.servers[configured.id, default: ServerWatch()])
        }
    }
}

extension ReducerWorld {
    /// In the fallback from `configured` (pn51 connected since `since`), the fallback
    /// server failed its probe and the re-test at once, at `now`: it is in error, and the notice
    /// says both are unreachable (the same notice, reworded: it keeps its reason and its time).
    static func fallbackFailedToo(_ configured: ServerConfig, fallback: ServerConfig,
                                  since: Double, at now: Double) -> (inout AppState) -> Void {
        { app in
            fallbackProbeFailed(fallback, since: since, at: now)(&app)
            app.settings.notices[0].kind = .error
            app.settings.notices[0].message.key = "notice.all_unreachable"
            app.settings.notices[0].message.parameters = [
                "host": configured.name, "server": configured.id, "fallback": fallback.id,
                "seconds": String(configured.connectionTimeout / 1000)]
            app.settings.notices[0].condition = .serverNotConnected(fallback.id)
            app.settings.notices[0].inUse = fallback.id
        }
    }
}

extension ReducerWorld {
    /// What the watch does with a successful result of a server after failures: the failure
    /// streak ends, an up streak starts.
    static func countsSuccess(_ result: DetailedStatus, at now: Double) -> (inout ServerWatch) -> Void {
        { watch in
            watch.failures = 0
            watch.successes += 1
            watch.streakStart = nil
            watch.upStreakStart = now
            watch.lastResult = result
        }
    }

    /// What the watch does with a failed result of a server: a failure streak (its start the
    /// first failure's), and from the second failure in a row an open incident.
    static func countsFailure(_ result: DetailedStatus, reason: ConnectivityError?, at now: Double) -> (inout ServerWatch) -> Void {
        { watch in
            if watch.failures == 0 { watch.streakStart = now }
            watch.failures += 1
            watch.successes = 0
            watch.upStreakStart = nil
            watch.failedSinceStart = true
            watch.seen = true
            watch.lastResult = result
            if watch.incident == nil, watch.failures >= 2, let reason {
                watch.incident = ServerWatch.OpenIncident(start: watch.streakStart ?? now, reason: reason)
            }
        }
    }

    /// A probe of `server`, in use and connected, failed (`health`) at `now`: re-tested at once
    /// before it is believed (the screen keeps its word), but the watch counts it.
    static func probeFailedOnce(_ server: ServerConfig, health: Health, at now: Double) -> (inout AppState) -> Void {
        { app in
            app.settings.connectivity.monitor?.schedule.apply(.probeFailed(confirmed: false))
            countsFailure(status(server, health: health, at: now), reason: reason(server, health: health, at: now),
                          at: now)(&app.watch.servers[server.id, default: ServerWatch()])
        }
    }

    /// `server`, in use and connected since `since`, is in error from `now` (`health`; a hang
    /// needs no re-test, a refusal was re-tested): nowhere to go, told once.
    static func inError(_ server: ServerConfig, health: Health, since: Double, at now: Double) -> (inout AppState) -> Void {
        { app in
            let failed = status(server, health: health, at: now)
            let reason = reason(server, health: health, at: now)
            app.settings.connectionStatus = .error
            app.settings.detailedStatus = failed
            app.settings.serverStatuses[server.id] = ServerProbeSummary(failed)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: server.id, status: .error,
                                                       previousDuration: now - since, reason: reason), at: 0)
            app.settings.notices = [unreachableNotice(server, health: health, at: now)]
            app.settings.connectivity.statusSince = now
            app.settings.connectivity.monitor?.schedule.apply(.probeFailed(confirmed: health == .hanging))
            app.settings.connectivity.monitor?.probeStartedAt = nil
            countsFailure(failed, reason: reason, at: now)(&app.watch.servers[server.id, default: ServerWatch()])
        }
    }
}

extension ReducerWorld {
    /// In the fallback from `configured` (since `since`), after the configured server answered
    /// again, the fallback server failed its probe and the re-test at `now`: the app goes back to
    /// the configured server at once (a switch with its steps), and says why.
    static func backFromFailedFallback(_ configured: ServerConfig, fallback: ServerConfig, since: Double,
                                       at now: Double) -> (inout AppState) -> Void {
        { app in
            let failed = status(fallback, health: .down, at: now)
            let reason = reason(fallback, health: .down, at: now)
            app.settings.serverStatuses[fallback.id] = ServerProbeSummary(failed)
            for _ in 0..<2 {
                countsFailure(failed, reason: reason, at: now)(&app.watch.servers[fallback.id, default: ServerWatch()])
            }
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: fallback.id, status: .error,
                                                       previousDuration: now - since, reason: reason), at: 0)
            // The switch back's own generation (asked for and run in the same run).
            app.settings.connectivity.lastGeneration += 1
            returns(to: configured, from: fallback, failedSince: now, at: now)(&app)
        }
    }

    /// The fallback server in error since `failedSince` and the configured one answering: the
    /// switch back asked for runs all its steps at `now`, and the notice says why.
    static func returns(to configured: ServerConfig, from fallback: ServerConfig, failedSince: Double,
                        at now: Double) -> (inout AppState) -> Void {
        { app in
            let reason = reason(fallback, health: .down, at: failedSince)
            switchedBack(to: configured, statusSince: failedSince, at: now)(&app)
            app.settings.notices = [Notice(subject: .server(configured.id), kind: .info,
                                           message: AppError(key: "notice.fallback_ended", parameters: [
                                               "host": fallback.name, "seconds": String(fallback.connectionTimeout / 1000),
                                               "server": configured.id, "fallback": fallback.id], code: reason?.code, reason: reason),
                                           condition: .untilDismissed, inUse: configured.id, postedAt: now)]
        }
    }
}

extension ReducerWorld {
    /// The fallback server's probe (it was connected since `since`) and its re-test failed at
    /// `now`: its details, its row, the timeline and the watch say so.
    static func fallbackProbeFailed(_ fallback: ServerConfig, since: Double, at now: Double) -> (inout AppState) -> Void {
        { app in
            let failed = status(fallback, health: .down, at: now)
            let reason = reason(fallback, health: .down, at: now)
            app.settings.connectionStatus = .error
            app.settings.detailedStatus = failed
            app.settings.serverStatuses[fallback.id] = ServerProbeSummary(failed)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: fallback.id, status: .error,
                                                       previousDuration: now - since, reason: reason), at: 0)
            app.settings.connectivity.statusSince = now
            for _ in 0..<2 {
                app.settings.connectivity.monitor?.schedule.apply(.probeFailed(confirmed: false))
                countsFailure(failed, reason: reason, at: now)(&app.watch.servers[fallback.id, default: ServerWatch()])
            }
        }
    }

    /// A probe of `server`, in use and already in error, failed again at `now` (down): the
    /// details are the new result's, the probe backs off further.
    static func probeFailedAgain(_ server: ServerConfig, at now: Double) -> (inout AppState) -> Void {
        { app in
            let failed = status(server, health: .down, at: now)
            app.settings.detailedStatus = failed
            app.settings.serverStatuses[server.id] = ServerProbeSummary(failed)
            app.settings.connectivity.monitor?.schedule.apply(.probeFailed(confirmed: false))
            app.settings.connectivity.monitor?.probeStartedAt = nil
            countsFailure(failed, reason: reason(server, health: .down, at: now), at: now)(&app.watch.servers[server.id, default: ServerWatch()])
        }
    }

    /// The probe loop of `serverId` after a confirmed failure (backing off), under the state's
    /// latest generation.
    static func loopAfterConfirmedFailure(of serverId: String, in app: AppState) -> ProbeLoop {
        var schedule = ProbeSchedule(interval: Double(app.settings.probeInterval))
        schedule.apply(.probeFailed(confirmed: true))
        return ProbeLoop(serverId: serverId, generation: app.settings.connectivity.lastGeneration, schedule: schedule)
    }
}
