import AppCore
import History
import Logging
import SettingsStore
import Testing
import TestSupport
import Watch

/// A delivery is handed out once until its outcome is recorded (`OutboxStore`): the race the
/// whole suite met once (`monitor --once`: a round's `deliverOutbox` read a row still pending
/// while its delivery had just ended and not yet been recorded, and the webhook got the alert
/// twice) cannot happen in any order of store, due and record.
@Suite("Watch: the outbox hands a delivery out once")
struct OutboxClaimTests {
    @Test func aDeliveryIsHandedOutOnceUntilItsOutcomeIsRecorded() async throws {
        let home = try TemporaryHome(prefix: "outbox-claims")
        let paths = home.appPaths
        let now = 1_800_000_000.0
        let store = OutboxStore(paths: paths, clock: AppClock(now: { now }), logger: Logger(label: "claims"))
        let webhook = AlertTarget.webhook(url: "https://w.example/x")
        let alert = OutboxAlert(key: "server_down:mac-mini:1", created: Int64(now * 1000), kind: "server_down",
                                serverId: "mac-mini", body: "{}", environment: [:], targets: [webhook])
        #expect(await store.store(alert) == .stored)
        // Stored and being delivered: a retry round finds nothing to hand out.
        #expect(await store.due(now: now).isEmpty)
        await store.record(key: alert.key, target: webhook, outcome: AlertOutcome(status: .retry, detail: "503", at: now))
        // Recorded as to be tried again: handed out once, then not again while that attempt runs.
        #expect(await store.due(now: now + 10).map(\.target) == [webhook])
        #expect(await store.due(now: now + 20).isEmpty)
        await store.record(key: alert.key, target: webhook, outcome: AlertOutcome(status: .delivered, detail: "HTTP 200", at: now + 21))
        #expect(await store.due(now: now + 30).isEmpty)
    }
}
