import Foundation
import PropertyBased
import Testing
@testable import SettingsStore

/// Across restarts inside a mute. Both stories were known gaps, fixed: an inherited incident
/// says whether its `server_down` is in the ledger, and an alert a mute holds is kept in the
/// outbox (`holdAlert`), so the next recorder sends it when the mute ends.
@Suite("Watch: alerts held by a mute across restarts")
struct WatchHeldAlertTests {
    @Test("a server_up held by a mute when the monitor stops is sent by a later process at the mute's end, once")
    func heldServerUpOutlivesRestarts() {
        // Down at 0 s, confirmed and alerted at 1 s; muted from 1.25 to 6.75 s; stopped at 2.25 s;
        // the next process (4 s) finds it up (one success closes it: resolved on start), holds
        // the server_up and stops at 4.25 s; the one after (6 s) knows of no open incident.
        var world = WatchWorld(scripts: ["pn51": WatchStoryTests.script("DD")], upConfirmations: 1)
        world.mute("pn51", seconds: 5)
        world.restart(gap: 1)
        world.restart(gap: 1)
        world.drain()
        #expect(WatchStoryTests.hooks(world) == ["server_down pn51 (connect) since 0 at 1",
                                                 "server_up pn51 since 0 at 6 lasted 4 resolved on start"])
        #expect(world.delivered.last?.alert.at == WatchWorld.start + 6.75, "at the mute's end")
        #expect(world.delivered.last?.process == 2)
        #expect(world.held.isEmpty, "sending it ended the hold")
    }

    @Test("an outage all inside a mute that spans a restart: neither server_down nor server_up")
    func inheritedOutageInsideMute() {
        // Muted from 0.25 to 300.75 s; down at 10 and 11 s; restarted at 13 s; up at 13 and 23 s.
        var world = WatchWorld(scripts: ["pn51": WatchStoryTests.script("uDD")])
        world.mute("pn51", seconds: 300)
        world.rounds(1)
        world.restart(gap: 1)
        world.drain()
        #expect(WatchStoryTests.hooks(world).isEmpty, "its server_down was never sent, so neither is its server_up")
        #expect(world.held.isEmpty, "the held server_down was dropped when the outage ended")
    }

    @Test("a server_down held across restarts, still down at the mute's end: sent then, once, with its first start")
    func heldServerDownOutlivesRestarts() {
        // Muted from 0.25 to 40.75 s; down from 10 s on (confirmed at 11 s); restarts at 12.25 and
        // 22.25 s; still down at 40.75 s; up after the script.
        var world = WatchWorld(scripts: ["pn51": WatchStoryTests.script("uDDDDDDDD")], upConfirmations: 1)
        world.mute("pn51", seconds: 40)
        world.rounds(1)
        world.restart(gap: 1)
        world.rounds(1)
        world.restart(gap: 1)
        world.rounds(2)
        #expect(WatchStoryTests.hooks(world) == ["server_down pn51 (connect) since 10 at 40"])
    }
}

extension WatchHeldAlertTests {
    @Test("a certificate reminder held across restarts: at the mute's end the one still true, once; the one overtaken dropped")
    func heldCertificateReminder() {
        // pn51's certificate: 40 days left at 0 s, 20 at 10 and 12 s (the 30-day reminder held),
        // 12 from 22 s (the 14-day one held instead); muted from 0.25 to 60.75 s; restarts at
        // 10.25 and 22.25 s.
        let days = [40, 20, 20, 12, 12, 12, 12, 12, 12, 12]
        let script = days.map { WatchWorld.Probe(ok: true, certificate: .init(sha256: "c0", daysLeft: $0)) }
        var world = WatchWorld(scripts: ["pn51": script])
        world.mute("pn51", seconds: 60)
        world.rounds(1)
        world.restart(gap: 1)
        world.rounds(1)
        world.restart(gap: 1)
        world.rounds(4)
        let reminders = world.delivered.map(\.alert).filter { $0.kind == .certExpiring }
        #expect(reminders.map(\.ledgerKey) == ["cert_expiring:pn51:c0:14"], "\(world.log)")
        #expect(reminders.first?.at == WatchWorld.start + 60.75, "at the mute's end")
        #expect(world.delivered.first { $0.alert.kind == .certExpiring }?.process == 2, "sent by the third process")
        #expect(world.log.contains { $0.hasPrefix("dropped cert_expiring:pn51:c0:30") }, "\(world.log)")
        #expect(world.held.isEmpty)
    }
}

extension WatchHeldAlertTests {
    static func serverAlerts(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { effect in
            guard case .sendAlert(let alert) = effect else { return nil }
            return alert.ledgerKey
        }
    }

    @Test("a held server_up whose incident history still holds open (stopped before its end was written): judged again by the results")
    func heldEndOfAnIncidentStillOpen() throws {
        let start = WatchWorld.start
        var state = WatchWorld.hydrated(upConfirmations: 1)
        let server = try #require(state.settings.availableServers.first { $0.id == "pn51" })
        let open = InheritedIncident(serverId: "pn51", start: start - 100, reasonCode: "connect", downAlerted: true)
        let held = HeldAlert(key: "server_up:pn51:\(Int(start - 100))", kind: .serverUp, serverId: "pn51",
                             since: start - 100, durationSeconds: 50)
        var effects = AppReducer.reduce(&state, .watchStarted(role: .monitor, isRecording: true, recorder: nil,
                                                              inherited: [open], held: [held], at: start))
        // Down again (no mute now): the held end is not true, so it is not told, and forgotten.
        effects += AppReducer.reduce(&state, .serversTested(round: 0, results: [ReducerWorld.status(server, health: .down, at: start + 1)],
                                                            confirming: false, at: start + 1))
        #expect(Self.serverAlerts(effects).isEmpty, "\(effects)")
        #expect(effects.contains(.dropHeldAlert(key: held.key)))
        // Up: the incident closes now, and its server_up goes out, once.
        effects = AppReducer.reduce(&state, .serversTested(round: 1, results: [ReducerWorld.status(server, health: .up, at: start + 11)],
                                                           confirming: false, at: start + 11))
        #expect(Self.serverAlerts(effects) == [held.key])
    }
}

/// Random stories in which the monitor restarts inside mutes (SPEC §15.3: "what changed during
/// the mute and is still true when it ends is alerted then, once"), judged by `OutageOracle`
/// from what the world did: every alert due at a mute's end goes out exactly once, from
/// whichever process runs then; nothing no longer true goes out; nothing stays held.
@Suite("Watch properties: restarts inside mutes")
struct WatchHeldAlertPropertyTests {
    @Test("alerts held by mutes survive any number of restarts: sent once at the mute's end if still true, never twice")
    func heldAlertsSurviveRestarts() async {
        let seen = StoryCounter()
        await propertyCheck(count: 200, input: WatchStoryGen.mutedRestartStory) { story in
            let world = story.play()
            let violations = OutageOracle(world: world).violations()
            #expect(violations.isEmpty, "\(story)\n  \(violations.joined(separator: "\n  "))\n  \(world.log.joined(separator: " | "))")
            #expect(world.held.isEmpty, "still held after every mute ended: \(world.held.keys.sorted())\n  \(story)")
            // A story in which an alert held by one process was sent by a later one.
            if world.delivered.contains(where: { sent in
                world.heldAt[sent.alert.ledgerKey].map { $0.process < sent.process } ?? false
            }) { seen.add() }
        }
        print("stories that sent an alert held by an earlier process: \(seen.value) of 200")
        #expect(seen.value >= 10, "only \(seen.value) stories sent an alert held by an earlier process")
    }
}

/// Counts across a property's cases.
final class StoryCounter: @unchecked Sendable {
    // @unchecked: `count` is touched under `lock` only.
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
