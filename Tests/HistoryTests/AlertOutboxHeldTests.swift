import AppCore
@testable import History
import Testing

/// The alerts a mute holds (SPEC §15.3), kept in the outbox so that the next recorder gets them:
/// they outlive a reopen, are no alert of the ledger while held, end when the alert is stored,
/// and count in the open outages a restart with history off reads back.
@Suite("History: alerts held by a mute in the outbox")
struct AlertOutboxHeldTests {
    static let now = AlertOutboxTests.now
    static let up = HeldAlert(key: "server_up:mac-mini:100", kind: .serverUp, serverId: "mac-mini", since: 100,
                              durationSeconds: 41.5, resolvedOnStart: true)
    static let down = HeldAlert(key: "server_down:pn51:300", kind: .serverDown, serverId: "pn51", since: 300,
                                reasonCode: "http_status", parameters: ["status": "502"])

    @Test func aHeldAlertOutlivesTheProcessAndEndsWhenItIsStored() throws {
        let fixture = try HistoryFixture()
        let outbox = try AlertOutbox.open(path: fixture.folder + "/outbox.sqlite3", now: Self.now).get()
        try outbox.hold(Self.up, now: Self.now)
        try outbox.hold(Self.down, now: Self.now + 1)
        try outbox.hold(Self.down, now: Self.now + 2)
        // The next process reads them back as they were held.
        let reopened = try AlertOutbox.open(path: outbox.path, now: Self.now).get()
        #expect(try reopened.heldAlerts() == [Self.up, Self.down])
        #expect(try !reopened.contains(key: Self.up.key), "held is not alerted: the ledger does not have it")
        #expect(try reopened.due().isEmpty, "held is not delivered")
        // Sent at the mute's end: stored, and no longer held.
        #expect(try reopened.store(AlertOutboxTests.alert(Self.up.key, targets: [AlertOutboxTests.hook])))
        #expect(try reopened.heldAlerts() == [Self.down])
        // Held again after it was alerted (a restart re-deriving it): not kept.
        try reopened.hold(Self.up, now: Self.now + 3)
        #expect(try reopened.heldAlerts() == [Self.down])
        try reopened.dropHeld(key: Self.down.key)
        #expect(try reopened.heldAlerts().isEmpty)
    }

    @Test func openOutagesCountHeldBeginningsAndEnds() throws {
        let fixture = try HistoryFixture()
        let outbox = try AlertOutbox.open(path: fixture.folder + "/outbox.sqlite3", now: Self.now).get()
        _ = try outbox.store(AlertOutboxTests.alert("server_down:mac-mini:100", targets: []))
        #expect(try outbox.openOutages().map(\.serverId) == ["mac-mini"])
        // Its server_up held: the outage is over (the held alert says so, not an open incident).
        try outbox.hold(Self.up, now: Self.now)
        // A server_down held: open, and not alerted.
        try outbox.hold(Self.down, now: Self.now)
        #expect(try outbox.openOutages() == [InheritedIncident(serverId: "pn51", start: 300, reasonCode: "http_status",
                                                               parameters: ["status": "502"], downAlerted: false)])
    }

    @Test func anOutboxFromBeforeGetsTheTableWhenOpened() throws {
        let fixture = try HistoryFixture()
        let path = fixture.folder + "/outbox.sqlite3"
        _ = try AlertOutbox.open(path: path, now: Self.now).get().store(AlertOutboxTests.alert("server_down:mac-mini:1", targets: []))
        // As a version before it left the file.
        try SQLiteConnection.open(path: path, flags: 0x02).get().exec("DROP TABLE held")  // SQLITE_OPEN_READWRITE
        let reopened = try AlertOutbox.open(path: path, now: Self.now).get()
        try reopened.hold(Self.down, now: Self.now)
        #expect(try reopened.heldAlerts() == [Self.down])
        #expect(try reopened.contains(key: "server_down:mac-mini:1"))
    }
}
