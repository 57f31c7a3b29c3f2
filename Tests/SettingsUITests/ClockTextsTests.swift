import Localization
import PropertyBased
import SettingsStore
import AppCore
import Testing
@testable import SettingsUI
import TerminalRendering

/// The app redraws only when `ClockTexts` says a time-counting text changes: the frame must be
/// the same until that moment and differ right after it.
@Suite struct ClockTextsTests {
    private static func frame(_ settings: SettingsState, at now: Double) -> String {
        ScreenRenderer.render(ScreenModel(state: AppState(settings: settings), now: now),
                              width: 100, height: 30).buffer.textDump()
    }

    @Test func theFrameChangesExactlyWhenSaid() async {
        let input = zip(Gen<Double>.double(in: 0...400), Gen<Double>.double(in: 0...5), Gen<Bool>.bool,
                        Gen.element(of: AppLanguage.allCases))
        await propertyCheck(count: 100, input: input) { checkedAgo, waited, probing, language in
            let language = language ?? .en
            var settings = Fixtures.connected(language)
            settings.detailedStatus = Fixtures.healthy(Fixtures.server("pn51"), checkedAgo: checkedAgo)
            let now = Fixtures.now
            if probing {
                var loop = ProbeLoop(serverId: "pn51", generation: 1, schedule: ProbeSchedule(interval: 10))
                loop.probeStartedAt = now - waited
                settings.connectivity.monitor = loop
            }
            guard let delay = ClockTexts.secondsUntilChange(settings, now: now) else {
                Issue.record("a checked server shows how long ago")
                return
            }
            #expect(delay > 0 && delay <= 60)
            let before = Self.frame(settings, at: now)
            #expect(Self.frame(settings, at: now + delay * 0.5) == before)
            #expect(Self.frame(settings, at: now + max(0, delay - 0.001)) == before)
            #expect(Self.frame(settings, at: now + delay + 0.001) != before)
        }
    }

    @Test func nothingCountsWithoutATest() {
        var settings = Fixtures.connected(.ja)
        settings.detailedStatus = nil
        #expect(ClockTexts.secondsUntilChange(settings, now: Fixtures.now) == nil)
    }
}
