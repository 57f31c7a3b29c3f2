/// The watch's part of the one reducer (SPEC §15): it follows every server's results, opens and
/// closes incidents, and decides the alerts. Pure, like the rest of the reducer: the results,
/// the time and the mutes come in as events; recording, delivery and timers go out as effects.
///
/// Alerts follow the difference between what is true (`incident`, `fallback`, the certificate)
/// and what was last alerted (`alertedIncident`, `alertedFallback`, `alertedCert…`): a mute only
/// holds that difference back, so what changed during a mute and is still true when it ends is
/// alerted then, once, and what came and went during it is not alerted at all. What it holds is
/// kept in the outbox (`holdAlert`), so a restart during the mute does not lose it (`restore`).
public enum WatchReducer {
    /// Days before a certificate's end at which `cert_expiring` is sent, once each.
    public static let certificateReminderDays = [30, 14, 7, 1]

    public static func reduce(_ watch: inout WatchState, _ event: AppEvent, settings: SettingsState) -> [AppEffect] {
        reduce(&watch, event, settings: settings, fallbackBefore: settings.fallback)
    }

    /// `fallbackBefore`: `settings.fallback` before this event changed the settings (`AppReducer`
    /// passes it), so the spell's start and end are taken where the fallback changes.
    public static func reduce(_ watch: inout WatchState, _ event: AppEvent, settings: SettingsState,
                              fallbackBefore: FallbackInfo?) -> [AppEffect] {
        var effects: [AppEffect] = []
        switch event {
        case let .watchStarted(role, isRecording, recorder, inherited, held, lockProblem, at):
            watch.role = role
            watch.isRecording = isRecording
            watch.recorder = recorder
            watch.lockProblem = lockProblem
            inherit(inherited, into: &watch)
            restore(held, into: &watch)
            // What a stopped or killed recorder left in the outbox goes out first.
            if isRecording { effects.append(.deliverOutbox(at: at)) }
            // The first round once the start's work is done: connectivity is attached right
            // after the watch, and its server in use is not the rounds' to test.
            effects.append(.scheduleRound(round: watch.round, after: 0))
            effects += muteTimer(watch, at: at)
        case let .recordingTakenOver(inherited, held, lockProblem, at):
            watch.isRecording = true
            watch.recorder = nil
            watch.lockProblem = lockProblem
            inherit(inherited, into: &watch)
            restore(held, into: &watch)
            effects.append(.deliverOutbox(at: at))
            // What this process saw while another recorded is written now (an incident the
            // database already holds open is not opened twice).
            for id in watch.servers.keys.sorted() {
                guard let server = watch.servers[id] else { continue }
                for incident in [server.incident, server.certIncident].compactMap({ $0 }) where !incident.inherited {
                    effects.append(.openIncident(serverId: id, start: incident.start, reason: incident.reason))
                }
            }
            if let spell = watch.fallback(settings: settings), !spell.inherited {
                effects.append(.openIncident(serverId: WatchState.FallbackSpell.incidentId(from: spell.fromServerId),
                                             start: spell.since, reason: spell.reason))
            }
        case let .recorderChecked(recorder, _):
            watch.recorder = recorder
        case let .alertDelivered(key, target, outcome):
            // Recorded in the outbox only now: an alert counts as sent to a target once that
            // target's attempt has ended (SPEC §15.3).
            watch.lastOutcomes[target] = outcome
            effects.append(.recordAlertOutcome(key: key, target: target, outcome: outcome))
        case let .roundTimerFired(round, at):
            guard round == watch.round else { return [] }
            effects += startRound(&watch, settings: settings, at: at)
        case let .serversTested(round, results, confirming, at):
            guard round == watch.round else { return [] }
            var unconfirmed: [ServerConfig] = []
            for result in results {
                observe(result, in: &watch, settings: settings, effects: &effects)
                // A change is confirmed within the round: one failure is re-tested at once before
                // it counts (§6.4: no flapping on a single lost packet), and a server coming back
                // from an incident is re-tested until `alert_up_confirmations` successes in a row
                // close it (or a failure keeps it open). So `--once` from cron closes incidents
                // too, and `server_up` does not wait for more rounds.
                if let server = settings.server(id: result.serverId), let state = watch.servers[result.serverId],
                   Self.awaitsConfirmation(state, upConfirmations: settings.alertUpConfirmations) {
                    unconfirmed.append(server)
                }
            }
            if watch.isRecording, settings.historyEnabled { effects.insert(.record(results, confirming: confirming), at: 0) }
            if !unconfirmed.isEmpty {
                effects.append(.testServers(unconfirmed, round: round, confirming: true))
            } else {
                effects += finishRound(&watch, settings: settings, at: at)
            }
        case let .mutesRead(mutes, at):
            watch.mutes = mutes
            effects += muteTimer(watch, at: at)
        case .muteTimerFired(let at):
            effects += muteTimer(watch, at: at)
        case .historyRead(let summary):
            watch.history = summary
        case .statusPageDirectoryGiven(let directory):
            watch.statusPageOverride = directory
        case .monitorStopRequested:
            watch.stopRequested = true
        case let .probeCompleted(_, result, _, at), let .recoveryProbeCompleted(_, result, at),
             let .switchTestCompleted(_, result, _, at):
            // What connectivity tests (the server in use, the configured one during a fallback)
            // the rounds leave out, so each is tested once per interval, app and monitor alike.
            // The result after a first failure is its confirming re-test (§6.4): in the figures
            // it replaces that failure.
            let confirming = watch.servers[result.serverId].map { $0.incident == nil && $0.failures == 1 } ?? false
            observe(result, in: &watch, settings: settings, effects: &effects)
            if watch.isRecording, settings.historyEnabled { effects.insert(.record([result], confirming: confirming), at: 0) }
            if let held = watch.heldRoundFinish, inUseSettled(watch, settings: settings) {
                watch.heldRoundFinish = nil
                effects.append(.roundFinished(round: held, at: at))
            }
        case .rowTestCompleted(_, let result):
            guard watch.isRecording, settings.historyEnabled else { break }
            effects.append(.record([result]))
        default:
            break
        }
        effects += reduceDrill(&watch, event)
        if let at = event.time { effects += settle(&watch, settings: settings, fallbackBefore: fallbackBefore, at: at) }
        return historyAllowed(effects, settings: settings)
    }

    /// What follows every event that carries a time (the only events that change the fallback):
    /// the fallback's start or end taken if this event changed it, and the alerts due.
    public static func settle(_ watch: inout WatchState, settings: SettingsState, fallbackBefore: FallbackInfo?,
                              at: Double) -> [AppEffect] {
        var effects: [AppEffect] = []
        fallbackChanged(from: fallbackBefore, settings: settings, in: &watch, at: at, effects: &effects)
        return historyAllowed(effects + alerts(&watch, settings: settings, at: at), settings: settings)
    }

    /// `history_enabled` off: nothing is written to history, incidents and retention included
    /// (decided here, once: the history engine writes what it is asked to).
    static func historyAllowed(_ effects: [AppEffect], settings: SettingsState) -> [AppEffect] {
        guard !settings.historyEnabled else { return effects }
        return effects.filter {
            switch $0 {
            case .record, .openIncident, .closeIncident, .pruneHistory: false
            default: true
            }
        }
    }

    // MARK: - Rounds

    /// A round begins: every known server that connectivity does not test already, when this
    /// process records (the app) or is a monitor (which writes its textfile either way). A
    /// round with nothing to test finishes at once.
    static func startRound(_ watch: inout WatchState, settings: SettingsState, at: Double) -> [AppEffect] {
        let servers = watch.isRecording || watch.role == .monitor ? roundServers(settings) : []
        guard servers.isEmpty else {
            watch.roundInFlight = true
            return [.testServers(servers, round: watch.round, confirming: false)]
        }
        return finishRound(&watch, settings: settings, at: at)
    }

    /// The servers a round tests: all of them, but the ones connectivity probes on its own
    /// schedule (SPEC §15.2: the server in use is tested once per interval, not twice).
    public static func roundServers(_ settings: SettingsState) -> [ServerConfig] {
        guard settings.connectivity.isActive else { return settings.availableServers }
        var probed: Set<String> = [settings.currentServer.id]
        if let recovery = settings.connectivity.recovery { probed.insert(recovery.serverId) }
        return settings.availableServers.filter { !probed.contains($0.id) }
    }

    /// The round's servers are settled: the next round is scheduled, and what follows a round
    /// is asked for (the outbox's retries and retention by the recorder, the takeover check by
    /// the others, the figures once a minute).
    static func finishRound(_ watch: inout WatchState, settings: SettingsState, at: Double) -> [AppEffect] {
        let round = watch.round
        watch.round += 1
        watch.roundInFlight = false
        var effects: [AppEffect] = []
        if watch.role == .monitor {
            if inUseSettled(watch, settings: settings) {
                effects.append(.roundFinished(round: round, at: at))
            } else {
                watch.heldRoundFinish = round
            }
        }
        if watch.isRecording {
            effects.append(.deliverOutbox(at: at))
            // Hourly, by elapsed time either way: a clock set back must not stop retention.
            if watch.lastPrune.map({ abs(at - $0) >= 3600 }) ?? true {
                watch.lastPrune = at
                effects.append(.pruneHistory(at: at))
            }
        } else {
            effects.append(.checkRecorder)
        }
        effects += statusPage(watch, settings: settings, at: at)
        // Every surface reads the figures of the round just recorded (one set of figures, read
        // once a round, on the history queue after the round's records).
        effects.append(.readHistory)
        effects.append(.scheduleRound(round: watch.round, after: Double(settings.probeInterval)))
        return effects
    }

    /// The server in use has a result that is not waiting for its confirming re-test (or
    /// connectivity is not running, and the rounds test it).
    static func inUseSettled(_ watch: WatchState, settings: SettingsState) -> Bool {
        guard settings.connectivity.isActive else { return true }
        guard let server = watch.servers[settings.currentServer.id], server.seen else { return false }
        return !(server.incident == nil && server.failures == 1)
    }

    /// Whether a server's last results are a change not yet confirmed: its first failure, or
    /// some but not enough successes after an incident.
    static func awaitsConfirmation(_ server: ServerWatch, upConfirmations: Int) -> Bool {
        if server.incident == nil { return server.failures == 1 }
        return server.successes > 0 && server.successes < upConfirmations
    }

    /// The ledger key of an incident's `server_down`.
    public static func downKey(serverId: String, start: Double) -> String {
        "server_down:\(serverId):\(Int(start))"
    }

    /// The ledger key of a fallback's `fallback_started`.
    public static func fallbackStartKey(fromServerId: String, since: Double) -> String {
        "fallback_started:\(fromServerId):\(Int(since))"
    }

    // MARK: - Results

    /// One result of one server: the streaks, the incident, the certificate.
    static func observe(_ real: DetailedStatus, in watch: inout WatchState, settings: SettingsState,
                        effects: inout [AppEffect]) {
        // A drill's server is seen failing its way; history records `real` (SPEC §16).
        let drilled = DrillPolicy.applies(to: real, drill: watch.drills.open)
        let result = DrillPolicy.seen(real, drill: watch.drills.open, connectionTimeout: settings.connectionTimeout)
        var server = watch.servers[result.serverId] ?? ServerWatch()
        let at = result.lastChecked
        server.seen = true
        server.lastResult = result
        if result.isHealthy {
            if server.successes == 0 { server.upStreakStart = at }
            server.successes += 1
            server.failures = 0
            server.streakStart = nil
            if let incident = server.incident, server.successes >= settings.alertUpConfirmations {
                let end = server.upStreakStart ?? at
                server.incident = nil
                // Its `server_up` is due when its `server_down` was sent (or may have been, by
                // the previous recorder); one a mute held from start to end is not alerted at
                // all, and leaves an earlier incident's `server_up` still due.
                if server.alertedIncident == incident {
                    server.closedUnalerted = ServerWatch.ClosedIncident(
                        incident: incident, end: end, resolvedOnStart: incident.inherited && !server.failedSinceStart)
                }
                if watch.isRecording, !incident.drill {
                    effects.append(.closeIncident(serverId: result.serverId, certificate: false, end: end))
                }
            }
        } else {
            if server.failures == 0 { server.streakStart = at }
            server.failures += 1
            server.failedSinceStart = true
            server.successes = 0
            server.upStreakStart = nil
            if server.incident == nil, server.failures >= 2 {
                var incident = ServerWatch.OpenIncident(start: server.streakStart ?? at,
                                                        reason: ConnectivityMessages.failureReason(result))
                incident.drill = drilled
                server.incident = incident
                if watch.isRecording, !drilled {
                    effects.append(.openIncident(serverId: result.serverId, start: incident.start,
                                                 reason: incident.reason))
                }
            }
        }
        observeCertificate(result, of: &server, settings: settings, recording: watch.isRecording, effects: &effects)
        watch.servers[result.serverId] = server
    }

    /// A certificate in its warning window is an incident of its own (`cert_expiring`), closed
    /// when the certificate is replaced; the reminders start again for a new certificate.
    static func observeCertificate(_ result: DetailedStatus, of server: inout ServerWatch, settings: SettingsState,
                                   recording: Bool, effects: inout [AppEffect]) {
        guard let certificate = result.certificate, let days = result.certificateDaysLeft else { return }
        if server.certificate?.sha256 != certificate.sha256 {
            server.alertedCertThreshold = nil
            server.alertedCertExpired = false
        }
        server.certificate = ServerWatch.CertificateState(sha256: certificate.sha256, daysLeft: days)
        let expiring = days <= settings.certWarningDays
        if expiring, server.certIncident == nil {
            let incident = ServerWatch.OpenIncident(
                start: result.lastChecked,
                reason: ConnectivityError(code: .certExpiring,
                                          message: "certificate ends in \(days) days", parameters: ["days": String(days)]))
            server.certIncident = incident
            if recording {
                effects.append(.openIncident(serverId: result.serverId, start: incident.start,
                                             reason: incident.reason))
            }
        } else if !expiring, server.certIncident != nil {
            server.certIncident = nil
            if recording { effects.append(.closeIncident(serverId: result.serverId, certificate: true, end: result.lastChecked)) }
        }
    }

    /// Incidents open when the recorder last stopped: a server's is judged at its first result,
    /// a fallback's once the fallback is known again.
    static func inherit(_ inherited: [InheritedIncident], into watch: inout WatchState) {
        for incident in inherited {
            let reason = ConnectivityError(code: ConnectivityErrorCode(rawValue: incident.reasonCode) ?? .connect,
                                           message: "open when the recorder last stopped", parameters: incident.parameters)
            if let from = WatchState.FallbackSpell.fallenFrom(incidentId: incident.serverId) {
                watch.fallbackStart = WatchState.FallbackStart(
                    since: incident.start, inherited: WatchState.FallbackStart.Inherited(fromServerId: from, reason: reason))
                // Its `fallback_started` went out before the stop (the ledger says): its end is
                // due; not (a mute held it): its start is due unless it ends first.
                watch.alertedFallback = incident.downAlerted ? WatchState.spell(nil, start: watch.fallbackStart) : nil
                continue
            }
            var server = watch.servers[incident.serverId] ?? ServerWatch()
            let open = ServerWatch.OpenIncident(start: incident.start, reason: reason, inherited: true)
            if reason.code == .certExpiring {
                server.certIncident = open
            } else {
                server.incident = open
                // Alerted before the stop (the ledger says): its `server_up` is due when it ends.
                // Not alerted (a mute held it): its `server_down` is due unless it ends first.
                server.alertedIncident = incident.downAlerted ? open : nil
                // Down before the stop: one success starts the count to `alert_up_confirmations`.
                server.failures = 2
            }
            watch.servers[incident.serverId] = server
        }
    }

    // MARK: - Fallback

    /// `settings.fallback` changed in this event (from `before`): the spell that was ends and
    /// the new one begins, each an incident, so a restart during it does not alert it again.
    /// Nothing is copied: the spell is `settings.fallback` with `watch.fallbackStart`.
    static func fallbackChanged(from before: FallbackInfo?, settings: SettingsState, in watch: inout WatchState,
                                at: Double, effects: inout [AppEffect]) {
        let previous = WatchState.spell(before, start: watch.fallbackStart)
        let now = settings.fallback
        guard now?.fromServerId != previous?.fromServerId else { return }
        // An inherited spell is judged once the fallback is known: not before the first result,
        // nor during a switch.
        if previous?.inherited == true, settings.isUnchecked || settings.serverSwitchState.isInProgress { return }
        if let previous { end(previous, in: &watch, at: at, effects: &effects) }
        guard let now else { return }
        let drill = watch.drills.active(at: at)?.serverId == now.fromServerId
        watch.fallbackStart = WatchState.FallbackStart(since: at, drill: drill)
        watch.endedFallback = nil
        if watch.isRecording, drill {
            effects += changeDrill(.fallback(at: at, toServerId: settings.currentServer.id), in: &watch, at: at)
        } else if watch.isRecording {
            effects.append(.openIncident(serverId: WatchState.FallbackSpell.incidentId(from: now.fromServerId),
                                         start: at, reason: now.reason))
        }
    }

    private static func end(_ spell: WatchState.FallbackSpell, in watch: inout WatchState, at: Double,
                            effects: inout [AppEffect]) {
        watch.fallbackStart = nil
        watch.endedFallback = WatchState.EndedFallback(spell: spell, end: at)
        if watch.isRecording, !spell.drill {
            effects.append(.closeIncident(serverId: WatchState.FallbackSpell.incidentId(from: spell.fromServerId),
                                          certificate: false, end: at))
        }
    }

    // MARK: - Alerts

    /// The alerts due at `now`, and what a mute holds back. Only the recording process alerts.
    static func alerts(_ watch: inout WatchState, settings: SettingsState, at now: Double) -> [AppEffect] {
        guard watch.isRecording else { return [] }
        // What would be sent were nothing muted, against what is sent: the difference is held.
        // With no mute listed the two are the same, decided once.
        var unmuted: WatchState?
        if !watch.mutes.entries.isEmpty {
            unmuted = watch
            unmuted?.mutes = MuteList()
        }
        let effects = decide(&watch, settings: settings, at: now)
        let due = if var unmuted { decide(&unmuted, settings: settings, at: now).compactMap(\.alert) }
            else { effects.compactMap(\.alert) }
        return effects + hold(due, sent: Set(effects.compactMap(\.alert?.ledgerKey)), in: &watch, settings: settings)
    }

    /// The held alerts follow what is due: one newly held is kept (`holdAlert`, so it outlives
    /// the process); one sent now is no longer held (storing it in the outbox ends the hold);
    /// one no longer due once its server (or the fallback) is judged again is dropped.
    static func hold(_ due: [AlertEvent], sent: Set<String>, in watch: inout WatchState,
                     settings: SettingsState) -> [AppEffect] {
        var effects: [AppEffect] = []
        var held: [String: HeldAlert] = [:]
        for event in due where !sent.contains(event.ledgerKey) {
            if let kept = watch.held[event.ledgerKey] {
                held[event.ledgerKey] = kept
            } else {
                let alert = HeldAlert(event)
                held[event.ledgerKey] = alert
                effects.append(.holdAlert(alert))
            }
        }
        for (key, alert) in watch.held.sorted(by: { $0.key < $1.key }) where held[key] == nil && !sent.contains(key) {
            // Not judged yet (a restored hold before its server's first result): kept.
            let judged = switch alert.kind {
            case .fallbackStarted, .fallbackEnded: !settings.isUnchecked
            default: watch.servers[alert.serverId]?.seen == true
            }
            if judged { effects.append(.dropHeldAlert(key: key)) } else { held[key] = alert }
        }
        watch.held = held
        return effects
    }

    /// The holds the last recorder left (from the outbox), as the state they stand for: a
    /// `server_up` is an incident closed unalerted, a `fallback_ended` a spell ended unalerted.
    /// The others need nothing here: a `server_down` or `fallback_started` comes back with its
    /// incident (inherited, not in the ledger), a certificate's with the server's next result.
    /// An end whose beginning history still holds open (the recorder stopped before it wrote the
    /// end) is judged again with that incident instead: its results say whether it is over.
    static func restore(_ held: [HeldAlert], into watch: inout WatchState) {
        for alert in held {
            watch.held[alert.key] = alert
            guard let since = alert.since else { continue }
            let reopened = switch alert.kind {
            case .serverUp: watch.servers[alert.serverId]?.incident?.start == since
            case .fallbackEnded: watch.fallbackStart?.since == since
            default: false
            }
            guard !reopened else { continue }
            let end = since + (alert.durationSeconds ?? 0)
            let reason = alert.reason ?? ConnectivityError(code: .connect, message: "held by a mute")
            switch alert.kind {
            case .serverUp:
                var incident = ServerWatch.OpenIncident(start: since, reason: reason, inherited: true)
                incident.drill = alert.drill
                watch.servers[alert.serverId, default: ServerWatch()].closedUnalerted = ServerWatch.ClosedIncident(
                    incident: incident, end: end, resolvedOnStart: alert.resolvedOnStart)
            case .fallbackEnded:
                var spell = WatchState.FallbackSpell(fromServerId: alert.serverId, reason: reason, since: since,
                                                     inherited: alert.resolvedOnStart)
                spell.drill = alert.drill
                // Held only when its start was alerted.
                watch.alertedFallback = spell
                watch.endedFallback = WatchState.EndedFallback(spell: spell, end: end)
            default:
                break
            }
        }
    }

    /// The alerts due at `now`: every difference between what is true and what was alerted,
    /// for what no mute holds.
    static func decide(_ watch: inout WatchState, settings: SettingsState, at now: Double) -> [AppEffect] {
        var effects: [AppEffect] = []
        for id in watch.servers.keys.sorted() {
            guard var server = watch.servers[id], server.seen else { continue }
            guard watch.mutes.mute(of: id, at: now) == nil else { continue }
            guard let config = settings.server(id: id) ?? ServerCatalog.server(id: id, in: settings.availableServers)
            else { continue }
            // An incident that ended during a mute is told to have ended before a newer one
            // that began during it is told to have begun.
            if let closed = server.closedUnalerted {
                effects.append(.sendAlert(drillMarked(AlertEvent(
                    kind: .serverUp, server: config, at: now, since: closed.incident.start,
                    durationSeconds: closed.end - closed.incident.start, resolvedOnStart: closed.resolvedOnStart,
                    ledgerKey: "server_up:\(id):\(Int(closed.incident.start))"), closed.incident.drill)))
                server.alertedIncident = nil
                server.closedUnalerted = nil
            }
            if let incident = server.incident, server.alertedIncident != incident {
                effects.append(.sendAlert(drillMarked(AlertEvent(kind: .serverDown, server: config, reason: incident.reason,
                                                                 at: now, since: incident.start,
                                                                 ledgerKey: downKey(serverId: id, start: incident.start)),
                                                      incident.drill)))
                server.alertedIncident = incident
            }
            if let certificate = server.certificate {
                if certificate.daysLeft <= 0 {
                    if !server.alertedCertExpired {
                        effects.append(.sendAlert(AlertEvent(
                            kind: .certExpired, server: config,
                            reason: ConnectivityError(code: .tlsExpired, message: "certificate expired"), at: now,
                            daysLeft: certificate.daysLeft, ledgerKey: "cert_expired:\(id):\(certificate.sha256)")))
                        server.alertedCertExpired = true
                    }
                } else if let threshold = certificateReminderDays.last(where: { certificate.daysLeft <= $0 }),
                          (server.alertedCertThreshold ?? Int.max) > threshold {
                    effects.append(.sendAlert(AlertEvent(
                        kind: .certExpiring, server: config,
                        reason: ConnectivityError(code: .certExpiring, message: "certificate ends in \(certificate.daysLeft) days",
                                                  parameters: ["days": String(certificate.daysLeft)]),
                        at: now, daysLeft: certificate.daysLeft,
                        ledgerKey: "cert_expiring:\(id):\(certificate.sha256):\(threshold)")))
                    server.alertedCertThreshold = threshold
                }
            }
            watch.servers[id] = server
        }
        effects += fallbackAlerts(&watch, settings: settings, at: now)
        return effects + markFirstDrillAlert(effects, in: &watch, at: now)
    }

    private static func fallbackAlerts(_ watch: inout WatchState, settings: SettingsState, at now: Double) -> [AppEffect] {
        guard !watch.mutes.mutesAll(at: now) else { return [] }
        var effects: [AppEffect] = []
        // A mute of the server the fallback is about holds its fallback events too (SPEC §15.3).
        let mutes = watch.mutes
        let muted = { (id: String) in mutes.mute(of: id, at: now) != nil }
        let fallback = watch.fallback(settings: settings)
        if let spell = fallback, !muted(spell.fromServerId), watch.alertedFallback.map({ $0.fromServerId != spell.fromServerId || $0.since != spell.since }) ?? true,
           !settings.isUnchecked,
           let from = settings.server(id: spell.fromServerId) {
            effects.append(.sendAlert(drillMarked(AlertEvent(
                kind: .fallbackStarted, server: from, reason: spell.reason, at: now, since: spell.since,
                ledgerKey: fallbackStartKey(fromServerId: spell.fromServerId, since: spell.since)), spell.drill)))
            watch.alertedFallback = spell
        }
        if fallback == nil, let ended = watch.endedFallback, !muted(ended.spell.fromServerId) {
            // Its end is told when its start was (an inherited spell: when the ledger has it).
            if watch.alertedFallback != nil, let from = settings.server(id: ended.spell.fromServerId) {
                effects.append(.sendAlert(drillMarked(AlertEvent(
                    kind: .fallbackEnded, server: from, at: now, since: ended.spell.since,
                    durationSeconds: ended.end - ended.spell.since, resolvedOnStart: ended.spell.inherited,
                    ledgerKey: "fallback_ended:\(ended.spell.fromServerId):\(Int(ended.spell.since))"), ended.spell.drill)))
            }
            watch.alertedFallback = nil
            watch.endedFallback = nil
        }
        return effects
    }

    /// A timer for the next end of a mute: the alerts it held are due then.
    private static func muteTimer(_ watch: WatchState, at now: Double) -> [AppEffect] {
        guard let end = watch.mutes.nextEnd(after: now) else { return [] }
        return [.scheduleMuteEnd(after: end - now)]
    }
}

extension AppEffect {
    /// The alert this effect sends (`sendAlert`), if it is one.
    var alert: AlertEvent? {
        if case .sendAlert(let event) = self { event } else { nil }
    }
}
