import AppCore

/// Brings a schema-1 or -2 database up to schema 3 in one transaction, when the recorder (or
/// `incident note`) opens it (a reader never writes: it reads an older schema as it is,
/// `HistoryDatabase.schemaVersion`). Schema 3 adds the table of notes.
///
/// Schema 1 counted probes, not time. Its minutes and hours get the time `MinuteDetailCodec
/// .legacyTime` reads them as (covered whole, up in proportion to their successful probes),
/// each hour recomputed from its minutes where those are still kept so the two tiers agree;
/// its incidents get empty params (worded without numbers, `ReasonWords`); the table of
/// standing results starts empty (the next result of each server starts a stretch).
enum HistoryMigration {
    static func migrate(_ connection: SQLiteConnection, from version: Int64) throws(SQLiteError) {
        guard version < HistorySchema.version else { return }
        try connection.transaction { () throws(SQLiteError) in
            if version < 2 { try toSchema2(connection) }
            try connection.exec(HistorySchema.notes)
            try connection.exec("PRAGMA user_version = \(HistorySchema.version)")
        }
    }

    /// Schema 1 to 2: time columns, reason params, the standing results.
    private static func toSchema2(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.exec("""
            ALTER TABLE hours ADD COLUMN up_ms INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE hours ADD COLUMN covered_ms INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE incidents ADD COLUMN params TEXT;
            ALTER TABLE incidents ADD COLUMN message TEXT;
            """)
        try connection.exec(HistorySchema.standing)
        try migrateHours(connection)
        try migrateMinutes(connection)
    }

    /// Every hour row gets the time its counts are read as (`legacyTime`).
    private static func migrateHours(_ connection: SQLiteConnection) throws(SQLiteError) {
        let select = try connection.prepare("SELECT server, hour, probes, failures, covered FROM hours")
        var rows: [(server: Int64, hour: Int64, up: Int64, covered: Int64)] = []
        try select.bind([])
        while try select.step() {
            let time = legacyHourTime(probes: select.int64(at: 2), failures: select.int64(at: 3), covered: select.int64(at: 4))
            rows.append((select.int64(at: 0), select.int64(at: 1), time.up, time.covered))
        }
        select.reset()
        let update = try connection.prepare("UPDATE hours SET up_ms = ?, covered_ms = ? WHERE server = ? AND hour = ?")
        for row in rows { try update.run([.int(row.up), .int(row.covered), .int(row.server), .int(row.hour)]) }
    }

    /// A schema-1 hour row's time; its counts clamped so that damaged values cannot overflow.
    static func legacyHourTime(probes: Int64, failures: Int64, covered: Int64) -> (up: Int64, covered: Int64) {
        let limit = Int64(Int32.max)
        return MinuteDetailCodec.legacyTime(probes: Int(min(max(probes, 0), limit)), failures: Int(min(max(failures, 0), limit)),
                                            coveredMinutes: Int(min(max(covered, 0), 60)))
    }

    /// Every minute row rewritten in the schema-2 layout, and its hour set to their sum.
    private static func migrateMinutes(_ connection: SQLiteConnection) throws(SQLiteError) {
        let select = try connection.prepare("SELECT hour, server, detail FROM minutes")
        var rows: [(hour: Int64, server: Int64, minutes: MinuteDetailCodec.Minutes)] = []
        try select.bind([])
        while try select.step() {
            let minutes = try select.withBlob(at: 2) { bytes throws(SQLiteError) in
                guard let decoded = MinuteDetailCodec.decode(bytes, schema: 1) else { throw .corruptValue("minute row") }
                return decoded
            }
            rows.append((select.int64(at: 0), select.int64(at: 1), minutes))
        }
        select.reset()
        let update = try connection.prepare("UPDATE minutes SET detail = ? WHERE hour = ? AND server = ?")
        let hour = try connection.prepare("UPDATE hours SET up_ms = ?, covered_ms = ? WHERE server = ? AND hour = ?")
        for row in rows {
            try update.run([.blob(MinuteDetailCodec.encode(row.minutes)), .int(row.hour), .int(row.server)])
            let sum = row.minutes.compactMap { $0 }.reduce(into: HistoryAggregate()) { $0.merge($1) }
            try hour.run([.int(sum.upMs), .int(sum.coveredMs), .int(row.server), .int(row.hour)])
        }
    }
}
