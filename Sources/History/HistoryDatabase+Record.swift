import AppCore

extension HistoryDatabase {
    /// Records probe results in one transaction: a raw row each, and the minute and hour
    /// aggregates they fall in. Call it once per probe round with that round's results.
    ///
    /// Samples of hours whose minutes were already pruned (older than the minute retention at
    /// the last `prune`) are dropped: their hour's coverage could no longer be counted right.
    /// Throws `.busy` when another process holds the write lock (nothing is recorded).
    public func record(_ samples: [ProbeSample]) throws(HistoryProblem) {
        guard !isReadOnly else { throw .readOnly }
        guard !samples.isEmpty else { return }
        do {
            try connection.transaction { () throws(SQLiteError) in
                let horizon = try prunedMinuteHorizon()
                // Per server-hour, the new probes of each minute.
                var added: [SlotKey: [Int64: HistoryAggregate]] = [:]
                let insertRaw = try statement(
                    "INSERT OR IGNORE INTO raw (at, server, ok, latency, reason) VALUES (?, ?, ?, ?, ?)")
                for sample in samples {
                    let minute = HistoryTime.minute(ofMilliseconds: sample.at)
                    guard minute >= horizon, let server = try serverKey(sample.serverId, create: true) else { continue }
                    try insertRaw.run([
                        .int(sample.at), .int(server), .int(sample.ok ? 1 : 0),
                        sample.latencyMs.map { .int(LatencyHistogram.tenths(ofMilliseconds: $0)) } ?? .null,
                        sample.reasonCode.map { .text($0) } ?? .null,
                    ])
                    added[SlotKey(server: server, slot: HistoryTime.hour(ofMinute: minute)), default: [:]][minute, default: HistoryAggregate()]
                        .add(sample)
                }
                for (key, minutes) in added {
                    try recordHour(key, minutes)
                }
            }
        } catch {
            forgetServerKeys()  // keys inserted by the rolled-back transaction are gone
            throw problem(error)
        }
    }

    /// Adds new probes to one server-hour: its minute row and its hour row. The hour gains a
    /// covered minute for each minute that had no probe yet.
    private func recordHour(_ key: SlotKey, _ added: [Int64: HistoryAggregate]) throws(SQLiteError) {
        var minutes = try minuteRow(key) ?? MinuteDetailCodec.empty()
        var hourDelta = HistoryAggregate()
        for (minute, aggregate) in added {
            let index = Int(minute - key.slot * HistoryTime.minutesPerHour)
            var merged = minutes[index] ?? HistoryAggregate(coveredMinutes: 1)
            merged.merge(aggregate)
            hourDelta.merge(aggregate)
            if minutes[index] == nil { hourDelta.coveredMinutes += 1 }
            minutes[index] = merged
        }
        try statement("""
            INSERT INTO minutes (hour, server, detail) VALUES (?, ?, ?)
            ON CONFLICT (hour, server) DO UPDATE SET detail = excluded.detail
            """).run([.int(key.slot), .int(key.server), .blob(MinuteDetailCodec.encode(minutes))])
        var hour = try hourRow(key) ?? HistoryAggregate()
        hour.merge(hourDelta)
        try statement("""
            INSERT INTO hours (server, hour, probes, failures, covered, latency) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (server, hour) DO UPDATE SET
                probes = excluded.probes, failures = excluded.failures, covered = excluded.covered,
                latency = excluded.latency
            """).run([.int(key.server), .int(key.slot), .int(Int64(hour.probes)), .int(Int64(hour.failures)),
                      .int(Int64(hour.coveredMinutes)), .blob(HistogramCodec.encode(hour.histogram))])
    }

    /// The first minute whose minute row has not been pruned (Int64.min before any prune).
    func prunedMinuteHorizon() throws(SQLiteError) -> Int64 {
        let select = try statement("SELECT value FROM meta WHERE name = 'minute_horizon'")
        try select.bind([])
        defer { select.reset() }
        return try select.step() ? select.int64(at: 0, in: StoredRange.minutes, "minute horizon") : Int64.min
    }

    /// The minutes of one server-hour; nil when it has no row.
    func minuteRow(_ key: SlotKey) throws(SQLiteError) -> MinuteDetailCodec.Minutes? {
        let select = try statement("SELECT detail FROM minutes WHERE hour = ? AND server = ?")
        try select.bind([.int(key.slot), .int(key.server)])
        defer { select.reset() }
        guard try select.step() else { return nil }
        return try select.withBlob(at: 0) { bytes throws(SQLiteError) in
            guard let minutes = MinuteDetailCodec.decode(bytes) else { throw .corruptValue("minute row") }
            return minutes
        }
    }

    private func hourRow(_ key: SlotKey) throws(SQLiteError) -> HistoryAggregate? {
        let select = try statement("SELECT probes, failures, covered, latency FROM hours WHERE server = ? AND hour = ?")
        try select.bind([.int(key.server), .int(key.slot)])
        defer { select.reset() }
        guard try select.step() else { return nil }
        var row = HistoryAggregate(probes: try select.count(at: 0, "hour probes"), failures: try select.count(at: 1, "hour failures"),
                                   coveredMinutes: try select.count(at: 2, "hour coverage"))
        try select.withBlob(at: 3) { bytes throws(SQLiteError) in
            guard HistogramCodec.add(bytes, into: &row.histogram) else { throw .corruptValue("hour histogram") }
        }
        return row
    }
}
