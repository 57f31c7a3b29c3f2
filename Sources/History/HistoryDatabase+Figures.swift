import AppCore

extension HistoryDatabase {
    /// A server's figures over `window` ending at the minute (hour, for 400d) holding `now`
    /// (`WindowSpan`), in time (`Stopwatch`): the stored stretches plus the server's standing
    /// result up to `now`. A server never recorded has no probes: uptime nil, coverage 0.
    public func figures(serverId: String, window: HistoryWindow, now: Int64) throws(HistoryProblem) -> WindowFigures {
        let span = WindowSpan(window: window, now: now)
        do {
            return WindowFigures(span: span, total: try readSnapshot { () throws(SQLiteError) in
                try total(serverId, span, now: now)
            }, now: now)
        } catch {
            throw problem(error)
        }
    }

    /// All four windows of a server at once, from one consistent state of the file (what
    /// `history --json` and the history view need).
    public func figures(serverId: String, now: Int64) throws(HistoryProblem) -> [HistoryWindow: WindowFigures] {
        do {
            return try readSnapshot { () throws(SQLiteError) in
                var result: [HistoryWindow: WindowFigures] = [:]
                for window in HistoryWindow.allCases {
                    let span = WindowSpan(window: window, now: now)
                    result[window] = WindowFigures(span: span, total: try total(serverId, span, now: now), now: now)
                }
                return result
            }
        } catch {
            throw problem(error)
        }
    }

    /// Every listed server's figures for every window and the incidents of the last 400 days
    /// with their notes:
    /// the one summary every surface reads (the state's `watch.history`, `history`).
    public func summary(serverIds: [String], now: Int64) throws(HistoryProblem) -> HistorySummary {
        var figures: [String: [HistoryWindow: WindowFigures]] = [:]
        for id in serverIds { figures[id] = try self.figures(serverId: id, now: now) }
        let incidents = try incidents(serverId: nil, since: now - HistoryWindow.long.seconds * 1000)
        let notes = try notes(incidentIds: Set(incidents.map(\.id)))
        return HistorySummary(figures: figures, incidents: incidents, notes: notes, at: Double(now) / 1000)
    }

    /// The latency histogram of a server over `window` (OpenMetrics'
    /// `verbumcare_health_duration_seconds`).
    public func histogram(serverId: String, window: HistoryWindow, now: Int64) throws(HistoryProblem) -> LatencyHistogram {
        let span = WindowSpan(window: window, now: now)
        do {
            return try readSnapshot { () throws(SQLiteError) in try total(serverId, span, now: now).histogram }
        } catch {
            throw problem(error)
        }
    }

    /// The file's schema version (`PRAGMA user_version`), asked inside each read: a reader
    /// opened on a schema-1 file goes on reading it right after the recorder migrates it.
    func schemaVersion() throws(SQLiteError) -> Int64 {
        let select = try statement("PRAGMA user_version")
        try select.bind([])
        defer { select.reset() }
        return try select.step() ? select.int64(at: 0) : HistorySchema.version
    }

    /// The sum of what makes up `span` at `now`: hour rows for its whole hours, the minute
    /// rows of the hours at its two ends for the minutes there, and the server's standing
    /// result (counted in the minute it began, its time up to `now`).
    func total(_ serverId: String, _ span: WindowSpan, now: Int64) throws(SQLiteError) -> HistoryAggregate {
        var total = HistoryAggregate()
        guard let server = try serverKey(serverId, create: false) else { return total }
        let schema = try schemaVersion()
        if let hours = span.wholeHours { try addHours(server, hours, schema: schema, into: &total) }
        for minutes in span.edgeMinutes {
            // An edge lies within one hour; its minutes come from that hour's minute row.
            let select = try statement("SELECT hour, detail FROM minutes WHERE hour BETWEEN ? AND ? AND server = ?")
            try select.bind([.int(HistoryTime.hour(ofMinute: minutes.lowerBound)),
                             .int(HistoryTime.hour(ofMinute: minutes.upperBound)), .int(server)])
            defer { select.reset() }
            while try select.step() {
                let firstMinute = try select.int64(at: 0, in: StoredRange.hours, "minute row hour") * HistoryTime.minutesPerHour
                try select.withBlob(at: 1) { bytes throws(SQLiteError) in
                    guard let decoded = MinuteDetailCodec.decode(bytes, schema: schema) else { throw .corruptValue("minute row") }
                    for (index, minute) in decoded.enumerated() {
                        if let minute, minutes.contains(firstMinute + Int64(index)) { total.merge(minute) }
                    }
                }
            }
        }
        if schema >= 2, let standing = try standingRow(server) {
            if span.contains(minute: HistoryTime.minute(ofMilliseconds: standing.startMs)) { total.add(standing) }
            let covered = Stopwatch.overlap(standing.startMs, standing.end(at: now), span.startMs, span.endMs)
            total.addTime(covered, up: standing.ok)
        }
        return total
    }

    private func addHours(_ server: Int64, _ hours: ClosedRange<Int64>, schema: Int64,
                          into total: inout HistoryAggregate) throws(SQLiteError) {
        // Schema 1 has no time columns: its counts are read as `legacyHourTime`.
        let select = try statement(schema >= 2
            ? "SELECT probes, failures, covered, latency, up_ms, covered_ms FROM hours WHERE server = ? AND hour BETWEEN ? AND ?"
            : "SELECT probes, failures, covered, latency FROM hours WHERE server = ? AND hour BETWEEN ? AND ?")
        try select.bind([.int(server), .int(hours.lowerBound), .int(hours.upperBound)])
        defer { select.reset() }
        while try select.step() {
            // Bounded values (`StoredRange`): the sums of a window's rows cannot overflow.
            let probes = try select.count(at: 0, "hour probes"), failures = try select.count(at: 1, "hour failures")
            total.probes += probes
            total.failures += failures
            if schema >= 2 {
                total.upMs += try select.int64(at: 4, in: StoredRange.hourMilliseconds, "hour up time")
                total.coveredMs += try select.int64(at: 5, in: StoredRange.hourMilliseconds, "hour covered time")
            } else {
                let time = HistoryMigration.legacyHourTime(probes: Int64(probes), failures: Int64(failures),
                                                           covered: Int64(try select.count(at: 2, "hour coverage")))
                total.upMs += time.up
                total.coveredMs += time.covered
            }
            try select.withBlob(at: 3) { bytes throws(SQLiteError) in
                guard HistogramCodec.add(bytes, into: &total.histogram) else { throw .corruptValue("hour histogram") }
            }
        }
    }
}
