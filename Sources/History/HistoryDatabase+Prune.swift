import AppCore

extension HistoryDatabase {
    /// Deletes what retention allows at `now` (`HistoryRetention.cutoffs`: raw rows after 7
    /// days, minute rows after 90, hour rows, closed incidents and alert-ledger entries after
    /// 400), in one transaction. Every delete is a range at the front of its table's key, so
    /// a prune costs the rows it deletes and little else: run it every round.
    ///
    /// The time deleted by is not the clock alone but `PruneClock`'s, which follows the clock
    /// only as fast as time can have passed and never ahead of it: a clock that jumps ahead
    /// for a while deletes nothing that is in fact within retention, and one set back deletes
    /// nothing at all.
    public func prune(now: Int64) throws(HistoryProblem) {
        try prune(now: now, boot: BootClock.now())
    }

    /// `prune(now:)` with the boot clock given (tests move it as they move the wall clock).
    package func prune(now: Int64, boot: BootClock.Reading) throws(HistoryProblem) {
        guard !isReadOnly else { throw .readOnly }
        do {
            try connection.transaction { () throws(SQLiteError) in
                let settled = PruneClock.settle(now: now, last: try lastPruneClock(), boot: boot)
                try PruneClock.save(PruneClock(atMs: settled, boot: boot), into: connection)
                let cutoffs = HistoryRetention.cutoffs(now: settled)
                try statement("DELETE FROM raw WHERE at < ?").run([.int(cutoffs.rawBeforeMs)])
                // A minute row holds an hour: it goes when all its minutes may go.
                let minuteRowsBefore = HistoryTime.hour(ofMinute: cutoffs.minuteBefore)
                let lastDeletedHour = try newestMinuteRowHour(before: minuteRowsBefore)
                try statement("DELETE FROM minutes WHERE hour < ?").run([.int(minuteRowsBefore)])
                // Hour rows lead with the server: one range per server.
                try statement("DELETE FROM hours WHERE server IN (SELECT key FROM servers) AND hour < ?")
                    .run([.int(cutoffs.hourBefore)])
                // The newest incident is kept whatever its age: SQLite gives a new row the
                // largest id plus one, so an id `incident note` and a report name is never
                // given to another incident. Notes go with their incident, never before.
                try statement("""
                    DELETE FROM incidents WHERE end IS NOT NULL AND end < ?
                    AND id < (SELECT max(id) FROM incidents)
                    """).run([.int(cutoffs.ledgerBeforeMs)])
                try statement("DELETE FROM notes WHERE incident NOT IN (SELECT id FROM incidents)").run([])
                try statement("DELETE FROM alerts WHERE at < ?").run([.int(cutoffs.ledgerBeforeMs)])
                // Samples of hours whose minute rows were deleted can no longer be counted
                // right (`record`): the horizon moves past the newest such hour, and only when
                // rows were deleted, so a prune that deleted nothing never stops recording. A
                // horizon ahead of the clock was set by a clock that was wrong (before
                // `PruneClock`): it would drop every sample until then, so it goes back.
                // A standing result (its stretch not yet closed) that may stand only until before
                // the minute cutoff counts as such a row: a sample closing it would add time
                // to minutes whose rows are gone.
                let deletedHorizon = lastDeletedHour.map { ($0 + 1) * HistoryTime.minutesPerHour } ?? StoredRange.minutes.lowerBound
                let standingHorizon = try newestStandingEnd(before: cutoffs.minuteBefore * HistoryTime.millisecondsPerMinute)
                    .map { HistoryTime.minute(ofMilliseconds: $0) + 1 } ?? StoredRange.minutes.lowerBound
                let horizon = max(deletedHorizon, standingHorizon)
                try statement("""
                    INSERT INTO meta (name, value) VALUES ('minute_horizon', ?)
                    ON CONFLICT (name) DO UPDATE SET
                        value = CASE WHEN value > ? THEN excluded.value ELSE max(value, excluded.value) END
                    """).run([.int(horizon), .int(HistoryTime.minute(ofMilliseconds: now))])
            }
        } catch {
            throw problem(error)
        }
    }

    /// The newest hour of the minute rows before `hour`; nil when there is none.
    private func newestMinuteRowHour(before hour: Int64) throws(SQLiteError) -> Int64? {
        try largest("SELECT max(hour) FROM minutes WHERE hour < ?", below: hour, in: StoredRange.hours, "minute row hour")
    }

    /// The latest instant a standing result may stand until, among those before `ms`; nil when none.
    private func newestStandingEnd(before ms: Int64) throws(SQLiteError) -> Int64? {
        try largest("SELECT max(until_ms) FROM standing WHERE until_ms < ?", below: ms, in: StoredRange.milliseconds,
                    "standing end")
    }

    /// The one value of `sql` (a `max(…)` bound to `limit`), checked against `range`.
    private func largest(_ sql: String, below limit: Int64, in range: ClosedRange<Int64>,
                         _ what: StaticString) throws(SQLiteError) -> Int64? {
        let select = try statement(sql)
        try select.bind([.int(limit)])
        defer { select.reset() }
        guard try select.step(), !select.isNull(at: 0) else { return nil }
        return try select.int64(at: 0, in: range, what)
    }

    /// The `PruneClock` the last prune kept; nil before the first.
    private func lastPruneClock() throws(SQLiteError) -> PruneClock? {
        let select = try statement(
            "SELECT name, value FROM meta WHERE name IN ('prune_clock', 'prune_boot', 'prune_boot_ms')")
        try select.bind([])
        defer { select.reset() }
        var values: [String: Int64] = [:]
        while try select.step() {
            guard let name = select.text(at: 0) else { continue }
            values[name] = name == "prune_boot" ? select.int64(at: 1)
                : try select.int64(at: 1, in: StoredRange.milliseconds, "prune clock")
        }
        guard let at = values["prune_clock"], let id = values["prune_boot"], let since = values["prune_boot_ms"] else {
            return nil
        }
        return PruneClock(atMs: at, boot: BootClock.Reading(id: id, sinceBootMs: since))
    }

    /// What each tier holds, for tests and the benchmark: raw rows, minutes with a probe (in
    /// all minute rows), hour rows.
    package func rowCounts() throws(HistoryProblem) -> (raw: Int, minutes: Int, hours: Int) {
        do {
            let select = try statement("SELECT detail FROM minutes")
            try select.bind([])
            defer { select.reset() }
            var minutes = 0
            while try select.step() {
                minutes += try select.withBlob(at: 0) { bytes throws(SQLiteError) in
                    guard let decoded = MinuteDetailCodec.decode(bytes) else { throw .corruptValue("minute row") }
                    return decoded.count { $0 != nil }
                }
            }
            return (Int(try connection.integer("SELECT count(*) FROM raw") ?? 0), minutes,
                    Int(try connection.integer("SELECT count(*) FROM hours") ?? 0))
        } catch {
            throw problem(error)
        }
    }

    /// Moves everything from the WAL into the database file and empties the WAL, so the file
    /// size is the whole size (the benchmark measures it).
    package func checkpoint() throws(HistoryProblem) {
        do {
            try connection.exec("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch {
            throw problem(error)
        }
    }
}
