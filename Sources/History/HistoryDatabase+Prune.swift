import AppCore

extension HistoryDatabase {
    /// Deletes what retention allows at `now` (`HistoryRetention.cutoffs`: raw rows after 7
    /// days, minute rows after 90, hour rows, closed incidents and alert-ledger entries after
    /// 400), in one transaction. Every delete is a range at the front of its table's key, so
    /// a prune costs the rows it deletes and little else: run it every round.
    public func prune(now: Int64) throws(HistoryProblem) {
        guard !isReadOnly else { throw .readOnly }
        let cutoffs = HistoryRetention.cutoffs(now: now)
        do {
            try connection.transaction { () throws(SQLiteError) in
                try statement("DELETE FROM raw WHERE at < ?").run([.int(cutoffs.rawBeforeMs)])
                // A minute row holds an hour: it goes when all its minutes may go.
                let minuteRowsBefore = HistoryTime.hour(ofMinute: cutoffs.minuteBefore)
                try statement("DELETE FROM minutes WHERE hour < ?").run([.int(minuteRowsBefore)])
                // Hour rows lead with the server: one range per server.
                try statement("DELETE FROM hours WHERE server IN (SELECT key FROM servers) AND hour < ?")
                    .run([.int(cutoffs.hourBefore)])
                try statement("DELETE FROM incidents WHERE end IS NOT NULL AND end < ?").run([.int(cutoffs.ledgerBeforeMs)])
                try statement("DELETE FROM alerts WHERE at < ?").run([.int(cutoffs.ledgerBeforeMs)])
                // Samples of minutes before this can no longer be counted right (`record`).
                try statement("""
                    INSERT INTO meta (name, value) VALUES ('minute_horizon', ?)
                    ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)
                    """).run([.int(minuteRowsBefore * HistoryTime.minutesPerHour)])
            }
        } catch {
            throw problem(error)
        }
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
