import AppCore
import History
import Testing

/// Incidents and the alert ledger are on disk: they survive a restart, and the ledger says
/// "already sent" to every connection.
@Suite("History: incidents and the alert ledger")
struct IncidentLedgerTests {
    static let now: Int64 = 1_750_000_000_000

    @Test func incidentsSurviveReopenNewestFirst() throws {
        let fixture = try HistoryFixture()
        var first: Int64 = 0
        var second: Int64 = 0
        var third: Int64 = 0
        do {
            let database = try fixture.open()
            first = try database.openIncident(serverId: "pn51", start: Self.now, reasonCode: "timeout")
            second = try database.openIncident(serverId: "pn51", start: Self.now + 60_000, reasonCode: "dns")
            third = try database.openIncident(serverId: "nagoya", start: Self.now + 30_000, reasonCode: "tls_expired")
            #expect(try database.closeIncident(id: first, end: Self.now + 45_000))
            #expect(try !database.closeIncident(id: first, end: Self.now + 99_000), "closing twice changes nothing")
        }
        let database = try fixture.open()
        #expect(try database.openIncidents().map(\.id) == [second, third])
        let all = try database.incidents(serverId: nil, since: 0)
        #expect(all.map(\.id) == [second, third, first])
        #expect(all.last == Incident(id: first, serverId: "pn51", start: Self.now, end: Self.now + 45_000, reasonCode: "timeout"))
        #expect(all.last?.durationSeconds == 45)
        #expect(try database.incidents(serverId: "pn51", since: 0).map(\.id) == [second, first])
        // Since after the first ended: only the ones still open then.
        #expect(try database.incidents(serverId: nil, since: Self.now + 45_001).map(\.id) == [second, third])
        #expect(try database.incidents(serverId: "unknown", since: 0).isEmpty)

        // Closed incidents go after 400 days; open ones stay.
        try database.prune(now: Self.now + 401 * 86_400_000, boot: .lockstep(Self.now + 401 * 86_400_000))
        #expect(try database.incidents(serverId: nil, since: 0).map(\.id) == [second, third])
    }

    @Test func alertsAreMarkedOnceAcrossConnectionsAndRestarts() throws {
        let fixture = try HistoryFixture()
        let database = try fixture.open()
        let other = try fixture.open()
        #expect(try !database.alerted(key: "server_down:7"))
        #expect(try database.markAlerted(key: "server_down:7", at: Self.now))
        #expect(try !database.markAlerted(key: "server_down:7", at: Self.now + 1))
        #expect(try !other.markAlerted(key: "server_down:7", at: Self.now + 2), "a second connection sees it")
        #expect(try other.markAlerted(key: "server_up:7", at: Self.now + 3))
        #expect(try !database.markAlerted(key: "server_up:7", at: Self.now + 4))

        let reopened = try fixture.open()
        #expect(try !reopened.markAlerted(key: "server_down:7", at: Self.now + 5))
        #expect(try fixture.openReadOnly().alerted(key: "server_up:7"))
        #expect(try !fixture.openReadOnly().alerted(key: "cert_expiring:30"))
    }
}
