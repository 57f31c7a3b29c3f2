import AppCore
import Foundation
@testable import History
import Testing

/// A history file written by the previous build (schema 1: probes counted, no time, reasons
/// as bare codes) stays readable: a reader reads it as it is, the recorder migrates it.
@Suite("History: schema 1 files")
struct SchemaMigrationTests {
    /// 2025-06-15T15:00:00Z, an hour boundary.
    static let hourStart: Int64 = 1_749_999_600_000

    /// Schema 1 as the previous build created it.
    static let schemaOne = """
        CREATE TABLE servers (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE);
        CREATE TABLE raw (at INTEGER NOT NULL, server INTEGER NOT NULL, ok INTEGER NOT NULL, latency INTEGER,
            reason TEXT, PRIMARY KEY (at, server)) WITHOUT ROWID;
        CREATE TABLE minutes (hour INTEGER NOT NULL, server INTEGER NOT NULL, detail BLOB NOT NULL,
            PRIMARY KEY (hour, server)) WITHOUT ROWID;
        CREATE TABLE hours (server INTEGER NOT NULL, hour INTEGER NOT NULL, probes INTEGER NOT NULL,
            failures INTEGER NOT NULL, covered INTEGER NOT NULL, latency BLOB NOT NULL,
            PRIMARY KEY (server, hour)) WITHOUT ROWID;
        CREATE TABLE incidents (id INTEGER PRIMARY KEY, server INTEGER NOT NULL, start INTEGER NOT NULL,
            end INTEGER, reason TEXT NOT NULL);
        CREATE INDEX incidents_by_start ON incidents (start);
        CREATE TABLE alerts (key TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
        """

    /// One server-hour of schema 1: minutes 0 and 1 with 6 probes each, 3 of them failed in
    /// minute 1 (answered ones in bucket 0, 1.6 ms each), and an open incident.
    static func writeSchemaOne(to path: String) throws {
        let connection = try SQLiteConnection.open(path: path, flags: 0x06).get()  // SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        try connection.exec("PRAGMA journal_mode = WAL")
        try connection.exec(schemaOne)
        let hour = hourStart / 3_600_000
        // presence 0b11; minute 0: 6 probes, bucket 0 ×6, sum 96; minute 1: 6 probes, 3 failed, bucket 0 ×3, sum 48.
        let minutes: [UInt8] = [0x03, 0x0C, 0x01, 0x06, 0x60, 0x0D, 0x03, 0x01, 0x03, 0x30]
        let hourHistogram: [UInt8] = [0x90, 0x01, 0x00, 0x09]  // sum 144, bucket 0 ×9
        try connection.exec("""
            INSERT INTO servers (key, id) VALUES (1, 'mac-mini');
            INSERT INTO minutes (hour, server, detail) VALUES (\(hour), 1, x'\(hex(minutes))');
            INSERT INTO hours (server, hour, probes, failures, covered, latency) VALUES (1, \(hour), 12, 3, 2, x'\(hex(hourHistogram))');
            INSERT INTO incidents (server, start, end, reason) VALUES (1, \(hourStart + 60_000), NULL, 'http_status');
            PRAGMA application_id = \(HistorySchema.applicationID);
            PRAGMA user_version = 1;
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func aSchemaOneFileIsReadThenMigratedWithTheSameFigures() throws {
        let fixture = try HistoryFixture()
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        try Self.writeSchemaOne(to: fixture.path)
        let now = Self.hourStart + 2 * 3_600_000  // two hours later: the hour is whole in every window but 400d
        let reader = try fixture.openReadOnly(now: now)
        let read = try reader.figures(serverId: "mac-mini", now: now)
        // Covered: two whole minutes; up: minute 0 whole, half of minute 1 (3 of 6 probes failed).
        #expect(read[.day]?.coveredMs == 120_000 && read[.day]?.upMs == 90_000 && read[.day]?.probes == 12, "\(read)")
        #expect(read[.long]?.coveredMs == 120_000 && read[.long]?.upMs == 90_000, "\(read)")
        #expect(try reader.openIncidents().map(\.reason) == [IncidentReason(code: "http_status")])

        let writer = try fixture.open(now: now)
        #expect(writer.movedAside == nil)
        #expect(try writer.figures(serverId: "mac-mini", now: now) == read)
        // The reader opened before the migration goes on reading the migrated file.
        #expect(try reader.figures(serverId: "mac-mini", now: now) == read)
        // New results are recorded in time beside the old ones; a new incident keeps its params.
        try writer.record([ProbeSample(serverId: "mac-mini", at: now - 30_000, ok: false, latencyMs: nil, reasonCode: "timeout"),
                           ProbeSample(serverId: "mac-mini", at: now - 20_000, ok: true, latencyMs: 4)])
        let after = try writer.figures(serverId: "mac-mini", window: .day, now: now)
        #expect(after.coveredMs == 120_000 + 10_000 + 20_000 && after.upMs == 90_000 + 20_000, "\(after)")
        _ = try writer.openIncident(serverId: "mac-mini", start: now,
                                    reason: IncidentReason(code: "timeout", params: ["seconds": "10"], message: "timed out"))
        #expect(try reader.openIncidents().first?.reason.params == ["seconds": "10"])
    }
}
