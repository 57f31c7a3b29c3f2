import AppCore
import Foundation
@testable import History
import Testing

/// Notes on incidents (SPEC §16): kept in history beside their incident, read back sanitized,
/// never lost by retention while their incident is kept, gone with it; an incident's id is
/// never given to another incident; a schema-1 file gets the notes table when it is migrated.
@Suite("History: incident notes")
struct IncidentNotesTests {
    static let now: Int64 = 1_750_000_000_000
    static let day: Int64 = 86_400_000

    /// A connection of its own to the file, as another program would have.
    static func sql(_ fixture: HistoryFixture) throws -> SQLiteConnection {
        let connection = try SQLiteConnection.open(path: fixture.path, flags: 0x02).get()  // SQLITE_OPEN_READWRITE
        connection.setBusyTimeout(milliseconds: 2000)
        return connection
    }

    @Test func notesAreKeptWithTheirIncidentAndPrunedWithIt() throws {
        let fixture = try HistoryFixture()
        let database = try fixture.open()
        let old = try database.openIncident(serverId: "pn51", start: Self.now, reasonCode: "timeout")
        try database.closeIncident(id: old, end: Self.now + 60_000)
        let kept = try database.openIncident(serverId: "pn52", start: Self.now + 300 * Self.day, reasonCode: "timeout")
        try database.closeIncident(id: kept, end: Self.now + 300 * Self.day + 60_000)
        let newest = try database.openIncident(serverId: "pn52", start: Self.now + 301 * Self.day, reasonCode: "dns")
        try database.closeIncident(id: newest, end: Self.now + 301 * Self.day + 1000)

        #expect(try database.addNote(incidentId: old, at: Self.now + 1, author: "kaigo", text: "LAN の配線を確認") != nil)
        #expect(try database.addNote(incidentId: kept, at: Self.now + 2, author: "kaigo", text: "電源を入れ直した\n復旧") != nil)
        #expect(try database.addNote(incidentId: 999, at: Self.now + 3, author: "kaigo", text: "x") == nil,
                "an incident that is not there gets no note")

        let reader = try fixture.openReadOnly()
        let notes = try reader.notes(incidentIds: [old, kept, newest])
        #expect(notes[old]?.map(\.text) == ["LAN の配線を確認"])
        #expect(notes[kept]?.map(\.text) == ["電源を入れ直した\n復旧"], "line breaks are kept")
        #expect(notes[kept]?.first?.author == "kaigo" && notes[kept]?.first?.at == Self.now + 2)

        // 401 days on: the first incident and its note go; the later ones and theirs stay.
        let later = Self.now + 401 * Self.day
        try database.prune(now: later, boot: .lockstep(later))
        #expect(try database.incident(id: old) == nil)
        #expect(try database.incident(id: kept) != nil)
        #expect(try database.notes(incidentIds: [old, kept]).keys.sorted() == [kept])
        let rows = try Self.sql(fixture).integer("SELECT count(*) FROM notes WHERE incident = \(old)")
        #expect(rows == 0, "the note left with its incident")

        // Years on, every closed incident is past retention but the newest stays: its id is
        // never handed to a new incident.
        let much = Self.now + 1200 * Self.day
        try database.prune(now: much, boot: .lockstep(much))
        #expect(try database.incident(id: newest) != nil)
        let next = try database.openIncident(serverId: "pn51", start: much, reasonCode: "timeout")
        #expect(next > newest)
    }

    @Test func textWrittenByAnotherProgramIsSanitizedOnTheWayOut() throws {
        let fixture = try HistoryFixture()
        let database = try fixture.open()
        let id = try database.openIncident(serverId: "pn51", start: Self.now, reasonCode: "timeout")
        try Self.sql(fixture).exec("INSERT INTO notes (incident, at, author, text) VALUES (\(id), \(Self.now), 'x\u{1B}]0;t\u{07}y', 'a\u{1B}[2Jb')")
        let note = try #require(try database.notes(incidentIds: [id])[id]?.first)
        #expect(note.text == "ab" && note.author == "xy", "\(note)")
    }

    /// A file of the previous build (schema 2: no notes table) is read as it is and gets the
    /// table when it is next opened for writing, its incidents kept.
    @Test func aSchemaTwoFileGetsTheNotesTable() throws {
        let fixture = try HistoryFixture()
        var id: Int64 = 0
        do {
            let database = try fixture.open()
            id = try database.openIncident(serverId: "pn51", start: Self.now, reasonCode: "timeout")
        }
        let sql = try Self.sql(fixture)
        try sql.exec("DROP TABLE notes; PRAGMA user_version = 2;")
        #expect(try fixture.openReadOnly().notes(incidentIds: [id]).isEmpty)
        let writer = try fixture.open()
        #expect(writer.movedAside == nil)
        #expect(try writer.addNote(incidentId: id, at: Self.now, author: "a", text: "b") != nil)
        #expect(try sql.integer("PRAGMA user_version") == 3)
    }

    @Test func aSchemaOneFileGetsTheNotesTable() throws {
        let fixture = try HistoryFixture()
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        try SchemaMigrationTests.writeSchemaOne(to: fixture.path)
        let reader = try fixture.openReadOnly(now: SchemaMigrationTests.hourStart)
        let open = try #require(try reader.openIncidents().first)
        #expect(try reader.notes(incidentIds: [open.id]).isEmpty, "schema 1 has no notes and is read as it is")
        let writer = try fixture.open(now: SchemaMigrationTests.hourStart)
        #expect(try writer.addNote(incidentId: open.id, at: SchemaMigrationTests.hourStart, author: "a", text: "b") != nil)
        #expect(try Self.sql(fixture).integer("PRAGMA user_version") == HistorySchema.version)
        #expect(try reader.notes(incidentIds: [open.id])[open.id]?.map(\.text) == ["b"])
    }
}
