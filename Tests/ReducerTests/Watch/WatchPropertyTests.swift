import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// The watch's policy (SPEC §15.2–15.3) against random stories of the monitor: servers going
/// down and up (blips included), mutes and unmutes, restarts from the incident table and the
/// alert ledger. What must be alerted is computed from what the world did (`OutageOracle`,
/// `CertificateOracle`), never from the reducer's state.
@Suite("Watch properties")
struct WatchPropertyTests {
    @Test("every confirmed outage not all inside a mute: one server_down, one server_up; blips and muted outages: nothing")
    func outagesAreAlertedOnce() async {
        await propertyCheck(count: 200, input: WatchStoryGen.story) { story in
            let world = story.play()
            let violations = OutageOracle(world: world).violations()
            #expect(violations.isEmpty, "\(story)\n  \(violations.joined(separator: "\n  "))\n  \(world.log.joined(separator: " | "))")
        }
    }

    @Test("the incident table holds every confirmed outage, from its first failure to its first success")
    func incidentsFollowOutages() async {
        await propertyCheck(count: 100, input: WatchStoryGen.story) { story in
            let world = story.play()
            let oracle = OutageOracle(world: world)
            for id in world.serverIds {
                let expected = oracle.outages(of: id).map { "\($0.start - WatchWorld.start)…\(($0.end ?? 0) - WatchWorld.start)" }
                let stored = world.incidents.filter { $0.serverId == id && !$0.isCertificate }
                    .map { "\($0.start - WatchWorld.start)…\(($0.end ?? 0) - WatchWorld.start)" }
                #expect(stored == expected, "\(id): \(story)\n  \(world.log.joined(separator: " | "))")
            }
        }
    }

    @Test("a process that does not record never alerts, records or writes incidents, even with incidents left open")
    func onlyTheRecorderAlerts() async {
        await propertyCheck(count: 100, input: WatchStoryGen.story) { story in
            var story = story
            // Certificates that run out on the first server, so every kind of alert would be due.
            story.scripts[0] = (0..<40).map { index in
                let probe = index < story.scripts[0].count ? story.scripts[0][index] : WatchWorld.Probe(ok: true)
                return WatchWorld.Probe(ok: probe.ok, certificate: .init(sha256: "c\(index / 20)", daysLeft: 31 - index % 20 * 2))
            }
            let left = [WatchWorld.StoredIncident(serverId: "mac-mini", start: WatchWorld.start - 600, reasonCode: "connect"),
                        WatchWorld.StoredIncident(serverId: "pn51", start: WatchWorld.start - 900, reasonCode: "cert_expiring"),
                        WatchWorld.StoredIncident(serverId: "fallback:mac-mini", start: WatchWorld.start - 600, reasonCode: "connect")]
            let world = story.play(isRecording: false, incidents: left)
            let written = world.effects.map(\.effect).filter(\.writesOrAlerts)
            #expect(written.isEmpty, "\(story): \(written)")
            #expect(world.incidents == left)
            #expect(world.effects.contains { if case .testServers = $0.effect { true } else { false } })
        }
    }

    @Test("certificate reminders at 30, 14, 7 and 1 days: once each per certificate, the lowest reached always; cert_expired once")
    func certificateRemindersOnceEach() async {
        await propertyCheck(count: 200, input: WatchStoryGen.certificateStory) { story in
            let world = story.play()
            let violations = CertificateOracle(world: world).violations()
            #expect(violations.isEmpty, "\(story)\n  \(violations.joined(separator: "\n  "))\n  \(world.log.joined(separator: " | "))")
        }
    }
}

extension WatchWorld.Probe {
    init(ok: Bool) { self.init(ok: ok, certificate: nil) }
}

extension AppEffect {
    /// What only the recording process may do.
    var writesOrAlerts: Bool {
        switch self {
        case .sendAlert, .openIncident, .closeIncident, .record: true
        default: false
        }
    }
}

/// Delivery through the outbox against random stories in virtual time: outages, mutes,
/// restarts while a hook hangs, a webhook down and back (SPEC §15.3: no alert is lost).
@Suite("Watch delivery properties")
struct WatchDeliveryPropertyTests {
    @Test("every decided alert reaches every target exactly once, across restarts and a webhook's outage")
    func everyAlertReachesEveryTargetOnce() async {
        await propertyCheck(count: 200, input: WatchStoryGen.deliveryStory) { story in
            let world = story.play()
            let violations = DeliveryOracle(world: world).violations() + OutageOracle(world: world).violations()
            #expect(violations.isEmpty, "\(story)\n  \(violations.joined(separator: "\n  "))\n  \(world.log.joined(separator: " | "))")
        }
    }
}
