extension StatusPageModel {
    /// The page for this moment: the servers' conditions from the watch, the advice, and the
    /// incidents of the last 24 h from the history figures (with the watch's open incidents
    /// that history has not read back yet). Pure: the time, the trigger and the drill come in.
    public static func make(watch: WatchState, settings: SettingsState, at now: Double, triggerMinutes: Int,
                            facilityName: String? = nil, drill: Drill? = nil) -> StatusPageModel {
        let threshold = Double(settings.watchSettings.slowThresholdMs)
        let known = servers(settings)
        let lines = known.map { line($0, watch: watch.servers[$0.id], slowThresholdMs: threshold) }
        let configured = lines.first { $0.server.id == settings.configuredServer.id }
            ?? line(settings.configuredServer, watch: watch.servers[settings.configuredServer.id], slowThresholdMs: threshold)
        let others = lines.filter { $0.server.id != configured.server.id && $0.condition.works }
            .sorted { a, b in (a.server.id == settings.currentServer.id ? 0 : 1) < (b.server.id == settings.currentServer.id ? 0 : 1) }
        let advice = StatusPageAdvice.decide(configured: configured.condition, working: others.map(\.server.id),
                                             noneWorkingSince: noneWorkingSince(lines, watch: watch),
                                             now: now, triggerMinutes: triggerMinutes)
        let interval = Double(settings.probeInterval)
        return StatusPageModel(
            facilityName: facilityName, madeAt: now, staleAfter: now + Double(staleIntervals) * interval,
            configured: configured, servers: [configured] + lines.filter { $0.server.id != configured.server.id },
            advice: advice, triggerMinutes: triggerMinutes,
            uptimeDay: watch.history?.figures[configured.server.id]?[.day]?.uptimeRatio,
            incidents: recentIncidents(watch: watch, now: now), drill: drill)
    }

    /// Every known server once: the list, and the configured one when the list lacks it.
    static func servers(_ settings: SettingsState) -> [ServerConfig] {
        var known = settings.availableServers
        if !known.contains(where: { $0.id == settings.configuredServer.id }) { known.insert(settings.configuredServer, at: 0) }
        return known
    }

    /// A server's condition and since when, from what the watch knows of it.
    public static func line(_ server: ServerConfig, watch: ServerWatch?, slowThresholdMs: Double) -> ServerLine {
        guard let watch, let result = watch.lastResult else { return ServerLine(server: server, condition: .checking, since: nil) }
        if let incident = watch.incident { return ServerLine(server: server, condition: .down, since: incident.start) }
        guard result.isHealthy else { return ServerLine(server: server, condition: .checking, since: watch.streakStart) }
        let slow = (result.responseTime ?? 0) > slowThresholdMs
        return ServerLine(server: server, condition: slow ? .slow : .up, since: watch.upStreakStart)
    }

    /// When no server works: the last moment one did (the latest start of their failing
    /// streaks). nil while one works or when a streak's start is not known.
    static func noneWorkingSince(_ lines: [ServerLine], watch: WatchState) -> Double? {
        guard !lines.contains(where: { $0.condition.works }) else { return nil }
        var latest: Double?
        for line in lines {
            guard let start = watch.servers[line.server.id]?.streakStart ?? line.since else { return nil }
            latest = max(latest ?? start, start)
        }
        return latest
    }

    /// The incidents open now or ended within the last 24 h, newest first: history's, and the
    /// watch's open ones history has not read back yet (it is read once a round).
    static func recentIncidents(watch: WatchState, now: Double) -> [Incident] {
        let nowMs = Int64((now * 1000).rounded())
        let fromMs = nowMs - Int64(incidentWindowSeconds * 1000)
        var list = (watch.history?.incidents ?? []).filter { incident in
            incident.start <= nowMs && (incident.end.map { $0 >= fromMs } ?? true)
        }
        for id in watch.servers.keys.sorted() {
            guard let open = watch.servers[id]?.incident else { continue }
            let start = Int64((open.start * 1000).rounded())
            guard !list.contains(where: { $0.serverId == id && $0.isOpen }) else { continue }
            list.append(Incident(id: 0, serverId: id, start: start, end: nil,
                                 reason: IncidentReason(open.reason, server: nil)))
        }
        return list.sorted { $0.start > $1.start }
    }
}
