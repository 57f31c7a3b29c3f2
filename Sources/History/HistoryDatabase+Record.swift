import AppCore

extension HistoryDatabase {
    /// Records probe results in one transaction: a raw row each, and the minute and hour
    /// aggregates they fall in. Call it once per probe round with that round's results.
    ///
    /// Samples of minutes already pruned (older than the minute retention at the last
    /// `prune`) are dropped: their hour's coverage could no longer be counted right.
    /// Throws `.busy` when another process holds the write lock (nothing is recorded).
    public func record(_ samples: [ProbeSample]) throws(HistoryProblem) {
        guard !isReadOnly else { throw .readOnly }
        guard !samples.isEmpty else { return }
        do {
            try connection.transaction { () throws(SQLiteError) in
                let horizon = try prunedMinuteHorizon()
                var minuteDeltas: [SlotKey: HistoryAggregate] = [:]
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
                    minuteDeltas[SlotKey(server: server, slot: minute), default: HistoryAggregate()].add(sample)
                }
                var hourDeltas: [SlotKey: HistoryAggregate] = [:]
                for (key, added) in minuteDeltas {
                    let stored = try minuteRow(key)
                    var merged = stored ?? HistoryAggregate(coveredMinutes: 1)
                    merged.merge(added)
                    try writeMinuteRow(key, merged)
                    // The hour gains a covered minute only when this minute had no row yet.
                    var delta = added
                    delta.coveredMinutes = stored == nil ? 1 : 0
                    hourDeltas[SlotKey(server: key.server, slot: HistoryTime.hour(ofMinute: key.slot)),
                               default: HistoryAggregate()].merge(delta)
                }
                for (key, delta) in hourDeltas {
                    var merged = try hourRow(key) ?? HistoryAggregate()
                    merged.merge(delta)
                    try writeHourRow(key, merged)
                }
            }
        } catch {
            forgetServerKeys()  // keys inserted by the rolled-back transaction are gone
            throw HistoryProblem(error)
        }
    }

    /// The first minute whose rows have not been pruned (Int64.min before any prune).
    func prunedMinuteHorizon() throws(SQLiteError) -> Int64 {
        let select = try statement("SELECT value FROM meta WHERE name = 'minute_horizon'")
        try select.bind([])
        defer { select.reset() }
        return try select.step() ? select.int64(at: 0) : Int64.min
    }

    private func minuteRow(_ key: SlotKey) throws(SQLiteError) -> HistoryAggregate? {
        let select = try statement("SELECT probes, failures, latency FROM minutes WHERE minute = ? AND server = ?")
        try select.bind([.int(key.slot), .int(key.server)])
        defer { select.reset() }
        guard try select.step() else { return nil }
        var row = HistoryAggregate(probes: Int(select.int64(at: 0)), failures: Int(select.int64(at: 1)), coveredMinutes: 1)
        try select.withBlob(at: 2) { bytes throws(SQLiteError) in
            guard HistogramCodec.add(bytes, into: &row.histogram) else { throw .corruptValue("minute histogram") }
        }
        return row
    }

    private func writeMinuteRow(_ key: SlotKey, _ row: HistoryAggregate) throws(SQLiteError) {
        try statement("""
            INSERT INTO minutes (minute, server, probes, failures, latency) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (minute, server) DO UPDATE SET
                probes = excluded.probes, failures = excluded.failures, latency = excluded.latency
            """).run([.int(key.slot), .int(key.server), .int(Int64(row.probes)), .int(Int64(row.failures)),
                      .blob(HistogramCodec.encode(row.histogram))])
    }

    private func hourRow(_ key: SlotKey) throws(SQLiteError) -> HistoryAggregate? {
        let select = try statement("SELECT probes, failures, covered, latency FROM hours WHERE server = ? AND hour = ?")
        try select.bind([.int(key.server), .int(key.slot)])
        defer { select.reset() }
        guard try select.step() else { return nil }
        var row = HistoryAggregate(probes: Int(select.int64(at: 0)), failures: Int(select.int64(at: 1)),
                                   coveredMinutes: Int(select.int64(at: 2)))
        try select.withBlob(at: 3) { bytes throws(SQLiteError) in
            guard HistogramCodec.add(bytes, into: &row.histogram) else { throw .corruptValue("hour histogram") }
        }
        return row
    }

    private func writeHourRow(_ key: SlotKey, _ row: HistoryAggregate) throws(SQLiteError) {
        try statement("""
            INSERT INTO hours (server, hour, probes, failures, covered, latency) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (server, hour) DO UPDATE SET
                probes = excluded.probes, failures = excluded.failures, covered = excluded.covered,
                latency = excluded.latency
            """).run([.int(key.server), .int(key.slot), .int(Int64(row.probes)), .int(Int64(row.failures)),
                      .int(Int64(row.coveredMinutes)), .blob(HistogramCodec.encode(row.histogram))])
    }
}
