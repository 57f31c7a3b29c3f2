import AppCore
import Localization
import PropertyBased
import SettingsUI
import Testing

/// The app sleeps until `ScreenTime.secondsUntilChange` says a time-counting text changes: the
/// screen model (and so the frame) must be the same until that moment and differ right after it.
@Suite struct ScreenTimeTests {
    private static func model(_ settings: SettingsState, at now: Double) -> ScreenModel {
        ScreenModel(state: AppState(settings: settings), now: now)
    }

    private static func frame(_ settings: SettingsState, at now: Double) -> String {
        ScreenRenderer.render(model(settings, at: now), width: 100, height: 30).buffer.textDump()
    }

    @Test func theModelChangesExactlyWhenSaid() async {
        let input = zip(Gen<Double>.double(in: 0...400), Gen<Double>.double(in: 0...5), Gen<Bool>.bool,
                        Gen.element(of: AppLanguage.allCases))
        await propertyCheck(count: 100, input: input) { checkedAgo, waited, probing, language in
            var settings = Fixtures.connected(language ?? .en)
            settings.detailedStatus = Fixtures.healthy(Fixtures.server("pn51"), checkedAgo: checkedAgo)
            let now = Fixtures.now
            if probing {
                var loop = ProbeLoop(serverId: "pn51", generation: 1, schedule: ProbeSchedule(interval: 10))
                loop.probeStartedAt = now - waited
                settings.connectivity.monitor = loop
            }
            guard let delay = ScreenTime.secondsUntilChange(AppState(settings: settings), now: now) else {
                Issue.record("a checked server shows how long ago")
                return
            }
            #expect(delay > 0 && delay <= 60)
            let before = Self.model(settings, at: now)
            #expect(Self.model(settings, at: now + delay * 0.5) == before)
            #expect(Self.model(settings, at: now + max(0, delay - 0.001)) == before)
            #expect(Self.model(settings, at: now + delay + 0.001) != before)
            #expect(Self.frame(settings, at: now + delay + 0.001) != Self.frame(settings, at: now), "a new text on screen")
        }
    }

    @Test func nothingCountsWithoutATest() {
        var settings = Fixtures.connected(.ja)
        settings.detailedStatus = nil
        #expect(ScreenTime.secondsUntilChange(AppState(settings: settings), now: Fixtures.now) == nil)
    }

    @Test("\"checked N s ago\": whole seconds, whole minutes from two minutes on, not yet without a test")
    func checkedAgeRounding() {
        #expect(CheckedAge(lastChecked: nil, now: 10) == .never)
        #expect(CheckedAge(lastChecked: 10, now: 10.9) == .seconds(0))
        #expect(CheckedAge(lastChecked: 10, now: 129.9) == .seconds(119))
        #expect(CheckedAge(lastChecked: 10, now: 130) == .minutes(2))
        #expect(CheckedAge(lastChecked: 10, now: 9) == .seconds(0), "a clock set back reads as just now")
        #expect(CheckedAge.secondsUntilChange(lastChecked: 10, now: 10.25) == 0.75)
        #expect(CheckedAge.secondsUntilChange(lastChecked: 10, now: 130) == 60)
        #expect(CheckedAge.secondsUntilChange(lastChecked: nil, now: 130) == nil)
    }
}
