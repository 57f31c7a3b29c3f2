import AppCore

extension HistoryDatabase {
    /// Records probe results in one transaction: a raw row each, and the time they stand for
    /// in the minute and hour aggregates (`Stopwatch`). A result closes the stretch of its
    /// server's standing result (kept in `standing` until then) and stands itself; a confirming
    /// re-test replaces the standing result instead. Call it once per probe round with that
    /// round's results (a server's results in time order).
    ///
    /// Samples of hours whose minutes were already pruned (older than the minute retention at
    /// the last `prune`) are dropped: a result from there comes out of order. A stretch that
    /// began there (a standing result closed long after) adds that part to its hour rows only.
    /// A second result of a server in the same millisecond is dropped like its raw row.
    /// Throws `.busy` when another process holds the write lock (nothing is recorded).
    public func record(_ samples: [ProbeSample]) throws(HistoryProblem) {
        guard !isReadOnly else { throw .readOnly }
        guard !samples.isEmpty else { return }
        do {
            try connection.transaction { () throws(SQLiteError) in
                let horizon = try prunedMinuteHorizon()
                // Per server-hour, what each minute gains (and, before the horizon, the hour alone).
                var added: [SlotKey: Gain] = [:]
                var standings: [Int64: Stopwatch.Standing] = [:]
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
                    guard connection.changes == 1 else { continue }
                    let standing: Stopwatch.Standing?
                    if let known = standings[server] { standing = known } else { standing = try standingRow(server) }
                    let (closed, next) = Stopwatch.apply(sample, to: standing)
                    if let closed { Self.credit(closed, server: server, horizon: horizon, into: &added) }
                    standings[server] = next
                }
                for (server, standing) in standings { try writeStanding(standing, server: server) }
                for (key, gain) in added { try recordHour(key, gain) }
            }
        } catch {
            forgetServerKeys()  // keys inserted by the rolled-back transaction are gone
            throw problem(error)
        }
    }

    /// What one server-hour gains in one `record`: per minute, and (for minutes whose rows were
    /// pruned) the hour row alone.
    private struct Gain {
        var minutes: [Int64: HistoryAggregate] = [:]
        var hourOnly = HistoryAggregate()
    }

    /// Adds a finished stretch to the minutes it covers: the result in the minute it began,
    /// its time minute by minute.
    private static func credit(_ stretch: Stopwatch.Stretch, server: Int64, horizon: Int64,
                               into added: inout [SlotKey: Gain]) {
        func slot(_ minute: Int64) -> SlotKey { SlotKey(server: server, slot: HistoryTime.hour(ofMinute: minute)) }
        let first = HistoryTime.minute(ofMilliseconds: stretch.result.startMs)
        if first >= horizon {
            added[slot(first), default: Gain()].minutes[first, default: HistoryAggregate()].add(stretch.result)
        } else {
            added[slot(first), default: Gain()].hourOnly.add(stretch.result)
        }
        for piece in Stopwatch.minutes(from: stretch.result.startMs, to: stretch.endMs) {
            if piece.minute >= horizon {
                added[slot(piece.minute), default: Gain()].minutes[piece.minute, default: HistoryAggregate()]
                    .addTime(piece.milliseconds, up: stretch.result.ok)
            } else {
                added[slot(piece.minute), default: Gain()].hourOnly.addTime(piece.milliseconds, up: stretch.result.ok)
            }
        }
    }

    /// Adds to one server-hour: its minute row and its hour row. The hour gains a covered
    /// minute for each minute that had no time covered yet.
    private func recordHour(_ key: SlotKey, _ gain: Gain) throws(SQLiteError) {
        var hourDelta = gain.hourOnly
        var newlyCovered = 0
        if !gain.minutes.isEmpty {
            newlyCovered = try recordMinutes(key, gain.minutes, into: &hourDelta)
        }
        var hour = try hourRow(key) ?? (HistoryAggregate(), 0)
        hour.aggregate.merge(hourDelta)
        try statement("""
            INSERT INTO hours (server, hour, probes, failures, covered, latency, up_ms, covered_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (server, hour) DO UPDATE SET
                probes = excluded.probes, failures = excluded.failures, covered = excluded.covered,
                latency = excluded.latency, up_ms = excluded.up_ms, covered_ms = excluded.covered_ms
            """).run([.int(key.server), .int(key.slot), .int(Int64(hour.aggregate.probes)),
                      .int(Int64(hour.aggregate.failures)), .int(Int64(min(60, hour.coveredMinutes + newlyCovered))),
                      .blob(HistogramCodec.encode(hour.aggregate.histogram)), .int(hour.aggregate.upMs),
                      .int(hour.aggregate.coveredMs)])
    }

    /// Adds to one server-hour's minute row; what the hour gains goes to `hourDelta`. Returns
    /// how many minutes were covered for the first time.
    private func recordMinutes(_ key: SlotKey, _ added: [Int64: HistoryAggregate],
                               into hourDelta: inout HistoryAggregate) throws(SQLiteError) -> Int {
        var minutes = try minuteRow(key) ?? MinuteDetailCodec.empty()
        var newlyCovered = 0
        for (minute, aggregate) in added {
            let index = Int(minute - key.slot * HistoryTime.minutesPerHour)
            let before = minutes[index] ?? HistoryAggregate()
            var merged = before
            merged.merge(aggregate)
            // A minute never holds more than a minute: overlapping stretches (a clock set back)
            // are cut there.
            merged.coveredMs = min(merged.coveredMs, HistoryTime.millisecondsPerMinute)
            merged.upMs = min(merged.upMs, merged.coveredMs)
            if before.coveredMs == 0, merged.coveredMs > 0 { newlyCovered += 1 }
            hourDelta.merge(HistoryAggregate(probes: aggregate.probes, failures: aggregate.failures,
                                             upMs: merged.upMs - before.upMs, coveredMs: merged.coveredMs - before.coveredMs,
                                             histogram: aggregate.histogram))
            minutes[index] = merged
        }
        try statement("""
            INSERT INTO minutes (hour, server, detail) VALUES (?, ?, ?)
            ON CONFLICT (hour, server) DO UPDATE SET detail = excluded.detail
            """).run([.int(key.slot), .int(key.server), .blob(MinuteDetailCodec.encode(minutes))])
        return newlyCovered
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

    private func hourRow(_ key: SlotKey) throws(SQLiteError) -> (aggregate: HistoryAggregate, coveredMinutes: Int)? {
        let select = try statement(
            "SELECT probes, failures, covered, latency, up_ms, covered_ms FROM hours WHERE server = ? AND hour = ?")
        try select.bind([.int(key.server), .int(key.slot)])
        defer { select.reset() }
        guard try select.step() else { return nil }
        var row = HistoryAggregate(probes: try select.count(at: 0, "hour probes"), failures: try select.count(at: 1, "hour failures"),
                                   upMs: try select.int64(at: 4, in: StoredRange.hourMilliseconds, "hour up time"),
                                   coveredMs: try select.int64(at: 5, in: StoredRange.hourMilliseconds, "hour covered time"))
        try select.withBlob(at: 3) { bytes throws(SQLiteError) in
            guard HistogramCodec.add(bytes, into: &row.histogram) else { throw .corruptValue("hour histogram") }
        }
        return (row, Int(select.int64(at: 2)))
    }

    /// A server's standing result; nil before its first (or in a schema-1 file).
    func standingRow(_ server: Int64) throws(SQLiteError) -> Stopwatch.Standing? {
        let select = try statement("SELECT start, ok, latency, until_ms FROM standing WHERE server = ?")
        try select.bind([.int(server)])
        defer { select.reset() }
        guard try select.step() else { return nil }
        return Stopwatch.Standing(startMs: select.int64(at: 0), ok: select.int64(at: 1) != 0,
                                  latencyTenths: select.isNull(at: 2) ? nil : select.int64(at: 2),
                                  limitMs: select.int64(at: 3))
    }

    private func writeStanding(_ standing: Stopwatch.Standing, server: Int64) throws(SQLiteError) {
        try statement("""
            INSERT INTO standing (server, start, ok, latency, until_ms) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (server) DO UPDATE SET start = excluded.start, ok = excluded.ok, latency = excluded.latency,
                until_ms = excluded.until_ms
            """).run([.int(server), .int(standing.startMs), .int(standing.ok ? 1 : 0),
                      standing.latencyTenths.map { .int($0) } ?? .null, .int(standing.limitMs)])
    }
}
