import Testing
@testable import SettingsStore

/// The state changes the stories claim, told once each: what the start does, what the first
/// answer of the server in use does. Each says the fields a step sets, field by field, from
/// what the story knows (the server, the time, how the network answers), not by running the
/// reducer again.
extension ReducerWorld {
    /// `connectivityStarted`: the configured server is tested as the start's switch (no steps
    /// shown); what was on the screen is kept to put back.
    static func startsTesting(at now: Double) -> (inout AppState) -> Void {
        { app in
            let before = app.settings
            app.settings.connectionStatus = .testing
            app.settings.connectivity.isActive = true
            app.settings.connectivity.lastGeneration += 1
            app.settings.connectivity.activeSwitch = SwitchRun(
                generation: app.settings.connectivity.lastGeneration, target: before.configuredServer,
                source: before.configuredSource, origin: .start, startedAt: now,
                before: SwitchSnapshot(before), previousSelection: nil)
        }
    }

    /// The start's test of `server` answered (it is up): connected, the start's switch over,
    /// the probe loop watching it one interval on, one line on the timeline, the watch's first
    /// success.
    /// `previousDuration`: how long the status before lasted, when there was one.
    /// `health`: how it answered (up, or up but refusing the stored token).
    static func startAnswered(_ server: ServerConfig, health: Health = .up, at now: Double,
                              previousDuration: Double? = nil) -> (inout AppState) -> Void {
        { app in
            let result = status(server, health: health, at: now)
            app.settings.connectionStatus = .connected
            app.settings.detailedStatus = result
            app.settings.serverStatuses[server.id] = ServerProbeSummary(result)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .statusChanged, serverId: server.id, status: .connected,
                                                       previousDuration: previousDuration), at: 0)
            app.settings.connectivity.activeSwitch = nil
            app.settings.connectivity.statusSince = now
            loopStarts(connectedTo: server.id)(&app)
            app.watch.servers[server.id] = firstSuccess(result, at: now)
        }
    }

    /// What the watch knows of a server after its first result, a success at `now`.
    static func firstSuccess(_ result: DetailedStatus, at now: Double) -> ServerWatch {
        var watch = ServerWatch()
        watch.successes = 1
        watch.upStreakStart = now
        watch.lastResult = result
        watch.seen = true
        return watch
    }

    /// The probe loop starts anew (a new generation) on `serverId`, connected, one interval on.
    static func loopStarts(connectedTo serverId: String) -> (inout AppState) -> Void {
        { app in
            app.settings.connectivity.lastGeneration += 1
            var schedule = ProbeSchedule(interval: Double(app.settings.probeInterval))
            schedule.apply(.probeSucceeded)
            app.settings.connectivity.monitor = ProbeLoop(serverId: serverId, generation: app.settings.connectivity.lastGeneration,
                                                          schedule: schedule)
        }
    }

    /// The default world's start run to its end: pn51 connected (`settle` with its claim).
    mutating func settleStart(sourceLocation: SourceLocation = #_sourceLocation) {
        settle(sourceLocation: sourceLocation, Self.startAnswered(server("pn51"), at: now))
    }
}

extension ReducerWorld {
    /// The probe loop's timer fired: a probe of the server in use runs from `now` (the status
    /// keeps its word meanwhile).
    static func probeStarts(at now: Double) -> (inout AppState) -> Void {
        { app in app.settings.connectivity.monitor?.probeStartedAt = now }
    }

    /// A probe asked for out of turn (`r`, a sign-in): the loop starts again under a new
    /// generation, probing from `now`.
    static func probeRestarts(at now: Double) -> (inout AppState) -> Void {
        { app in
            app.settings.connectivity.lastGeneration += 1
            app.settings.connectivity.monitor?.generation = app.settings.connectivity.lastGeneration
            app.settings.connectivity.monitor?.probeStartedAt = now
        }
    }

    /// A probe of `server`, connected and still up, answered at `now`: its result is the
    /// screen's, the pane's and the watch's, its time one more in the response times.
    static func probeAnswered(_ server: ServerConfig, health: Health = .up, at now: Double) -> (inout AppState) -> Void {
        { app in
            let result = status(server, health: health, at: now)
            app.settings.detailedStatus = result
            app.settings.serverStatuses[server.id] = ServerProbeSummary(result)
            app.settings.responseTimes += result.responseTime.map { [$0] } ?? []
            app.settings.connectivity.monitor?.probeStartedAt = nil
            app.watch.servers[server.id, default: ServerWatch()].successes += 1
            app.watch.servers[server.id, default: ServerWatch()].lastResult = result
        }
    }
}

extension ReducerWorld {
    /// A field of settings.json refused (`value` replaced by `fallback`): the problem, and the
    /// warning that names the field and the value, posted at `now`.
    static func refusedField(_ field: String, value: String, fallback: String, at now: Double) -> (FileProblem, Notice) {
        let problem = FileProblem(key: "files.field_invalid", parameters: [
            "file": "settings.json", "field": field, "value": value, "fallback": fallback])
        let notice = Notice(subject: .file("settings.json", field: field), kind: .warning,
                            message: AppError(key: problem.key, parameters: problem.parameters),
                            condition: .fileProblem(file: "settings.json", key: problem.key, field: field),
                            postedAt: now)
        return (problem, notice)
    }

    /// A sign-in to `serverId` succeeded at `now` as `username`: the dialog goes, the name is
    /// kept, the timeline says so, and the server in use is probed again at once (it is up).
    static func signedIn(_ server: ServerConfig, as username: String, health: Health = .up,
                         at now: Double) -> (inout AppState) -> Void {
        { app in
            app.settings.loginRequest = nil
            app.screen.loginForm = nil
            app.settings.lastUserNames[server.id] = username
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .signedIn, serverId: server.id), at: 0)
            probeRestarts(at: now)(&app)
            probeAnswered(server, health: health, at: now)(&app)
        }
    }
}

extension ReducerWorld {
    /// settings.json now names `target` (`previousSelection`: what it named before): a switch
    /// to it starts at its first step, the probe loop of the server in use stops.
    /// `origin`: what asked for it (settings.json, or `s` to go back from a fallback).
    static func switchRequested(to target: ServerConfig, previousSelection: SettingsSelection?, origin: SwitchOrigin = .settings,
                                at now: Double) -> (inout AppState) -> Void {
        { app in
            let before = app.settings
            app.settings.connectionStatus = .switching
            app.settings.serverSwitchState = ServerSwitchState(isInProgress: true, fromServerId: before.currentServer.id,
                                                               toServerId: target.id, progress: .validating, startedAt: now)
            app.settings.configuredServer = target
            app.settings.configuredSource = .nativeSettings
            app.settings.connectivity.lastGeneration += 1
            app.settings.connectivity.monitor = nil
            app.settings.connectivity.activeSwitch = SwitchRun(
                generation: app.settings.connectivity.lastGeneration, target: target, source: .nativeSettings,
                origin: origin, startedAt: now, before: SwitchSnapshot(before), previousSelection: previousSelection)
        }
    }

    /// The switch to `target` (up) ran all its steps at `now`: in use, connected, named in the
    /// server history and on the timeline, watched from here on.
    static func switched(to target: ServerConfig, health: Health = .up, at now: Double,
                         previousDuration: Double? = nil) -> (inout AppState) -> Void {
        { app in
            startAnswered(target, health: health, at: now, previousDuration: previousDuration)(&app)
            app.settings.currentServer = target
            app.settings.serverSource = .nativeSettings
            // The new server's response times start afresh.
            app.settings.responseTimes = []
            app.settings.serverSwitchState = ServerSwitchState()
            app.settings.serverHistory.insert(ServerHistoryEntry(serverId: target.id, lastUsed: now, successful: true, durationMs: 0), at: 0)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .switched, serverId: target.id, durationMs: 0), at: 0)
        }
    }
}

extension ReducerWorld {
    /// Esc during the switch to `target` from `previous` (connected, the default): everything
    /// is put back, settings.json included, and the cancel is told once.
    static func switchCancelled(to target: ServerConfig, back previous: ServerConfig, at now: Double) -> (inout AppState) -> Void {
        { app in
            app.settings.connectionStatus = .connected
            app.settings.serverSwitchState = ServerSwitchState()
            app.settings.configuredServer = previous
            app.settings.configuredSource = .default
            app.settings.connectivity.activeSwitch = nil
            loopStarts(connectedTo: previous.id)(&app)
            app.settings.timeline.insert(TimelineEntry(at: now, kind: .switchCancelled, serverId: target.id), at: 0)
            app.settings.notices = [Notice(subject: .server(target.id), kind: .info,
                                           message: AppError(key: "switch.cancelled", parameters: ["server": previous.id, "target": target.id]),
                                           condition: .untilDismissed, inUse: previous.id, postedAt: now)]
        }
    }

    /// The pane opens: every row is tested at once, each under its own generation, shown as testing.
    static func paneOpened(testing servers: [ServerConfig]) -> (inout AppState) -> Void {
        { app in
            app.screen.isSettingsPaneOpen = true
            for server in servers {
                app.settings.connectivity.lastGeneration += 1
                app.settings.connectivity.rowTests[server.id] = app.settings.connectivity.lastGeneration
                app.settings.serverStatuses[server.id] = ServerProbeSummary(status: .testing)
            }
        }
    }
}
