import AppCore

extension HistoryDatabase {
    /// Records probe results in one transaction: a raw row each, and the time they stand for
    /// in the minute and hour aggregates (`Stopwatch`). A result closes the stretch of its
    /// server's standing result (kept in `standing` until then) and stands itself; a confirming
    /// re-test replaces the standing result instead. Call it once per probe round with that
    /// round's results (a server's results in time order).
    ///
    /// Samples of hours whose minutes were already pruned (older than the minute retention at
    /// the last `prune`) are dropped, and so is the part of a stretch that falls there: their
    /// hour's minutes could no longer be counted right. A second result of a server in the same
    /// millisecond is dropped like its raw row.
    /// Throws `.busy` when another process holds the write lock (nothing is recorded).
    public func record(_ samples: [ProbeSample]) throws(HistoryProblem) {
        guard !isReadOnly else { throw .readOnly }
        guard !samples.isEmpty else { return }
        do {
            try connection.transaction { () throws(SQLiteError) in
                let horizon = try prunedMinuteHorizon()
                // Per server-hour, what each minute gains.
                var added: [SlotKey: [Int64: HistoryAggregate]] = [:]
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
                for (key, minutes) in added { try recordHour(key, minutes) }
            }
        } catch {
            forgetServerKeys()  // keys inserted by the rolled-back transaction are gone
            throw problem(error)
        }
    }

    /// Adds a finished stretch to the minutes it covers: the result in the minute it began,
    /// its time minute by minute.
    private static func credit(_ stretch: Stopwatch.Stretch, server: Int64, horizon: Int64,
                               into added: inout [SlotKey: [Int64: HistoryAggregate]]) {
        func slot(_ minute: Int64) -> SlotKey { SlotKey(server: server, slot: HistoryTime.hour(ofMinute: minute)) }
        let first = HistoryTime.minute(ofMilliseconds: stretch.result.startMs)
        if first >= horizon { added[slot(first), default: [:]][first, default: HistoryAggregate()].add(stretch.result) }
        for piece in Stopwatch.minutes(from: stretch.result.startMs, to: stretch.endMs) where piece.minute >= horizon {
            added[slot(piece.minute), default: [:]][piece.minute, default: HistoryAggregate()]
                .addTime(piece.milliseconds, up: stretch.result.ok)
        }
    }

    /// Adds to one server-hour: its minute row and its hour row. The hour gains a covered
    /// minute for each minute that had no time covered yet.
    private func recordHour(_ key: SlotKey, _ added: [Int64: HistoryAggregate]) throws(SQLiteError) {
        var minutes = try minuteRow(key) ?? MinuteDetailCodec.empty()
        var hourDelta = HistoryAggregate()
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
        var hour = try hourRow(key) ?? (HistoryAggregate(), 0)
        hour.aggregate.merge(hourDelta)
        try statement("""
            INSERT INTO hours (server, hour, probes, failures, covered, latency, up_ms, covered_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (server, hour) DO UPDATE SET
                probes = excluded.probes, failures = excluded.failures, covered = excluded.covered,
                latency = excluded.latency, up_ms = excluded.up_ms, covered_ms = excluded.covered_ms
            """).run([.int(key.server), .int(key.slot), .int(Int64(hour.aggregate.probes)),
                      .int(Int64(hour.aggregate.failures)), .int(Int64(hour.coveredMinutes + newlyCovered)),
                      .blob(HistogramCodec.encode(hour.aggregate.histogram)), .int(hour.aggregate.upMs),
                      .int(hour.aggregate.coveredMs)])
    }

    /// The first minute whose minute row has not been pruned (Int64.min before any prune).
    func prunedMinuteHorizon() throws(SQLiteError) -> Int64 {
        let select = try statement("SELECT value FROM meta WHERE name = 'minute_horizon'")
        try select.bind([])
        defer { select.reset() }
        return try select.step() ? select.int64(at: 0) : Int64.min
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
        var row = HistoryAggregate(probes: Int(select.int64(at: 0)), failures: Int(select.int64(at: 1)),
                                   upMs: select.int64(at: 4), coveredMs: select.int64(at: 5))
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
