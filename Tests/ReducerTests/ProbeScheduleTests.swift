import PropertyBased
@testable import SettingsStore
import Testing

@Suite("Probe schedule")
struct ProbeScheduleTests {
    @Test func startsDisconnectedThenTestingThenConnected() {
        var s = ProbeSchedule(interval: 10)
        #expect(s.status == .disconnected)
        #expect(s.apply(.probeStarted) == nil)
        #expect(s.status == .testing)
        #expect(s.apply(.probeSucceeded) == 10)
        #expect(s.status == .connected)
    }

    @Test func aRetestKeepsTheLastWordConnectedOrError() {
        var s = ProbeSchedule(interval: 10)
        s.apply(.probeStarted)
        s.apply(.probeSucceeded)
        s.apply(.probeStarted)
        #expect(s.status == .connected, "a periodic re-test (or r) does not blink to testing")
        s.apply(.probeFailed(confirmed: true))
        #expect(s.status == .error)
        s.apply(.probeStarted)
        #expect(s.status == .error, "a failed server tested again keeps its error until a test succeeds")
        s.apply(.probeSucceeded)
        #expect(s.status == .connected)
    }

    @Test func oneLostProbeIsRetestedAtOnceBeforeError() {
        var s = ProbeSchedule(interval: 10)
        s.apply(.probeStarted)
        s.apply(.probeSucceeded)
        s.apply(.probeStarted)
        #expect(s.apply(.probeFailed(confirmed: false)) == 0)
        #expect(s.status == .connected && s.isConfirmingFailure)
        s.apply(.probeStarted)
        #expect(s.apply(.probeSucceeded) == 10)
        #expect(s.status == .connected && !s.isConfirmingFailure)
    }

    @Test func aTimedOutProbeNeedsNoConfirmation() {
        var s = ProbeSchedule(interval: 10)
        s.apply(.probeSucceeded)
        #expect(s.apply(.probeFailed(confirmed: true)) == 2)
        #expect(s.status == .error)
    }

    @Test func twoFailuresInARowTurnAConnectedServerToError() {
        var s = ProbeSchedule(interval: 10)
        s.apply(.probeSucceeded)
        s.apply(.probeFailed(confirmed: false))
        #expect(s.apply(.probeFailed(confirmed: false)) == 2)
        #expect(s.status == .error)
    }

    @Test func failingServerBacksOffExponentiallyToTenSeconds() {
        var s = ProbeSchedule(interval: 10)
        var delays: [Double] = []
        for _ in 0..<6 {
            s.apply(.probeStarted)
            if let after = s.apply(.probeFailed(confirmed: false)) { delays.append(after) }
        }
        #expect(delays == [2, 4, 8, 10, 10, 10])
        #expect(s.status == .error)
    }

    @Test func neverConnectedWithoutASuccessAndDelaysStayInBounds() async {
        let events = Gen.int(in: 0...4).map { n -> ProbeSchedule.Event in
            switch n {
            case 0: .probeStarted
            case 1: .probeStarted
            case 2: .probeSucceeded
            case 3: .probeFailed(confirmed: false)
            default: .probeFailed(confirmed: true)
            }
        }.array(of: 1...60)
        await propertyCheck(count: 200, input: events, Gen.int(in: 2...3600)) { events, interval in
            var s = ProbeSchedule(interval: Double(interval))
            var successes = 0
            for event in events {
                let next = s.apply(event)
                if event == .probeSucceeded { successes += 1 }
                if s.status == .connected { #expect(successes > 0) }
                if let after = next {
                    #expect(after >= 0 && after <= max(Double(interval), ProbeSchedule.backoffCap))
                }
                if event == .probeSucceeded { #expect(s.status == .connected && next == Double(interval)) }
            }
        }
    }
}
