import Testing
import PropertyBased
import SettingsStore
@testable import Connectivity

@Suite("Probe schedule (SPEC §6.4)")
struct ProbeScheduleTests {
    @Test func startsDisconnectedThenTestingThenConnected() {
        var s = ProbeSchedule(interval: 10)
        #expect(s.status == .disconnected)
        #expect(s.apply(.probeStarted(manual: false)) == .awaitResult)
        #expect(s.status == .testing)
        #expect(s.apply(.probeSucceeded) == .probe(after: 10))
        #expect(s.status == .connected)
    }

    @Test func periodicRetestOfConnectedServerDoesNotBlink() {
        var s = ProbeSchedule(interval: 10)
        _ = s.apply(.probeStarted(manual: false))
        _ = s.apply(.probeSucceeded)
        _ = s.apply(.probeStarted(manual: false))
        #expect(s.status == .connected)
        _ = s.apply(.probeStarted(manual: true))
        #expect(s.status == .testing)
    }

    @Test func oneLostProbeIsRetestedAtOnceBeforeError() {
        var s = ProbeSchedule(interval: 10)
        _ = s.apply(.probeStarted(manual: false))
        _ = s.apply(.probeSucceeded)
        _ = s.apply(.probeStarted(manual: false))
        #expect(s.apply(.probeFailed) == .probe(after: 0))
        #expect(s.status == .connected)
        _ = s.apply(.probeStarted(manual: false))
        #expect(s.apply(.probeSucceeded) == .probe(after: 10))
        #expect(s.status == .connected)
    }

    @Test func twoFailuresInARowTurnAConnectedServerToError() {
        var s = ProbeSchedule(interval: 10)
        _ = s.apply(.probeSucceeded)
        _ = s.apply(.probeFailed)
        #expect(s.apply(.probeFailed) == .probe(after: 2))
        #expect(s.status == .error)
    }

    @Test func failingServerBacksOffExponentiallyToSixtySeconds() {
        var s = ProbeSchedule(interval: 10)
        var delays: [Double] = []
        for _ in 0..<8 {
            _ = s.apply(.probeStarted(manual: false))
            if case .probe(let after) = s.apply(.probeFailed) { delays.append(after) }
        }
        #expect(delays == [2, 4, 8, 16, 32, 60, 60, 60])
        #expect(s.status == .error)
    }

    @Test func resetStartsOver() {
        var s = ProbeSchedule(interval: 5)
        _ = s.apply(.probeFailed)
        #expect(s.apply(.reset) == .probe(after: 0))
        #expect(s.status == .disconnected)
        #expect(s.errorStreak == 0)
    }

    @Test func neverConnectedWithoutASuccessAndDelaysStayInBounds() async {
        let events = Gen.int(in: 0...3).map { n -> ProbeSchedule.Event in
            switch n {
            case 0: .probeStarted(manual: false)
            case 1: .probeStarted(manual: true)
            case 2: .probeSucceeded
            default: .probeFailed
            }
        }.array(of: 1...60)
        await propertyCheck(count: 200, input: events, Gen.int(in: 2...3600)) { events, interval in
            var s = ProbeSchedule(interval: Double(interval))
            var successes = 0
            for event in events {
                let next = s.apply(event)
                if event == .probeSucceeded { successes += 1 }
                if s.status == .connected { #expect(successes > 0) }
                if case .probe(let after) = next {
                    #expect(after >= 0 && after <= max(Double(interval), ProbeSchedule.backoffCap))
                }
                if event == .probeSucceeded { #expect(s.status == .connected && next == .probe(after: Double(interval))) }
            }
        }
    }
}
