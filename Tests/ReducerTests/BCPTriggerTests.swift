import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// The BCP's 発動基準 (SPEC §16): an outage of the configured server that lasted longer than
/// `bcp_trigger_minutes`, from its confirmation to its end (or now while open), as the alerts
/// measure it; a certificate warning, a fallback spell and another server's outage never pass.
@Suite("BCP trigger")
struct BCPTriggerTests: RandomChoices {
    static let configured = "verbumcare-lab"
    static let codes = ["timeout", "connection_refused", "http_error", "cert_expiring", "tls_expired"]

    static let cases = shrinking { rng -> (incident: Incident, minutes: Int, now: Int64) in
        let start = Int64(int(0...1_000_000, &rng)) * 1000 + Int64(int(0...999, &rng))
        // Durations cluster around the trigger so the boundary is met often.
        let minutes = int(1...1440, &rng)
        let length = chance(0.5, &rng) ? Int64(minutes) * 60_000 + Int64(pick([-1, 0, 0, 1, int(-2000...2000, &rng)], &rng))
                                       : Int64(int(0...200_000_000, &rng))
        let serverId = chance(0.6, &rng) ? configured : (chance(0.5, &rng) ? "pn51" : "fallback:" + configured)
        let code = codes[int(0...(codes.count - 1), &rng)]
        let open = chance(0.3, &rng)
        let incident = Incident(id: 1, serverId: serverId, start: start, end: open ? nil : start + max(0, length),
                                reasonCode: code)
        return (incident, minutes, start + max(0, length))
    }

    @Test("over 300 random incidents: passed iff the configured server's outage lasted longer than the trigger")
    func rule() async {
        await propertyCheck(count: 300, input: Self.cases) { item in
            let trigger = BCPTrigger(minutes: item.minutes)
            let lasted = (item.incident.end ?? item.now) - item.incident.start
            let outage = item.incident.serverId == Self.configured && item.incident.reasonCode != "cert_expiring"
            #expect(trigger.isPassed(by: item.incident, configuredServerId: Self.configured, now: item.now)
                    == (outage && lasted > Int64(item.minutes) * 60 * 1000), "\(item)")
            // The watch state's seconds say the same as history's milliseconds.
            #expect(trigger.isPassed(start: Double(item.incident.start) / 1000, end: item.incident.end.map { Double($0) / 1000 },
                                     now: Double(item.now) / 1000) == (lasted > Int64(item.minutes) * 60_000), "\(item)")
        }
    }

    @Test func boundaryIsNotLonger() {
        let trigger = BCPTrigger(minutes: 10)
        let incident = Incident(id: 1, serverId: Self.configured, start: 0, end: 600_000, reasonCode: "timeout")
        #expect(!trigger.isPassed(by: incident, configuredServerId: Self.configured, now: 0))
        var longer = incident
        longer.end = 600_001
        #expect(trigger.isPassed(by: longer, configuredServerId: Self.configured, now: 0))
        var open = incident
        open.end = nil
        #expect(trigger.isPassed(by: open, configuredServerId: Self.configured, now: 600_001), "open: measured to now")
        #expect(trigger.passesAt(start: 5) == 600_005)
        #expect(FacilityProfile(NativeSettings(bcpTriggerMinutes: 3)).bcpTrigger == BCPTrigger(minutes: 3))
    }
}
