import Localization
import PropertyBased
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

/// The idle app redraws "checked N s ago" alone (`ClockTick`); the frame it makes must be the
/// frame a full render gives, or it must decline.
@Suite struct ClockTickTests {
    @Test("whenever a clock tick makes a frame, it is the full render's frame")
    func tickFrameIsTheFullFrame() async {
        let input = zip(UIGen.frames, Gen<Double>.double(in: 0...400), Gen<Double>.double(in: 0...6), Gen<Bool>.bool)
        await propertyCheck(count: 300, input: input) { example, later, waited, probing in
            var model = example.model
            if probing {
                var loop = ProbeLoop(serverId: model.settings.currentServer.id, generation: 1,
                                     schedule: ProbeSchedule(interval: 10))
                loop.probeStartedAt = model.now - waited
                model.settings.connectivity.monitor = loop
            }
            let first = ScreenRenderer.render(model, width: example.width, height: example.height)
            var next = model
            next.now += later
            var tick = first
            guard let changes = ClockTick.apply(next, to: &tick, of: model) else {
                #expect(tick == first, "a declined tick changed the frame")
                return
            }
            let full = ScreenRenderer.render(next, width: example.width, height: example.height)
            #expect(tick == full, "\(example), \(later) s later:\n\(tick.buffer.textDump())\nfull:\n\(full.buffer.textDump())")
            var terminal = first.buffer
            terminal.apply(changes)
            #expect(terminal == full.buffer, "the changes sent do not bring the terminal to the frame")
        }
    }

    @Test("the idle main screen ticks in every language, one row at a time, as its text grows and shrinks",
          arguments: AppLanguage.allCases)
    func idleMainScreenTicks(language: AppLanguage) {
        var settings = Fixtures.connected(language)
        settings.detailedStatus = Fixtures.healthy(Fixtures.server("pn51"), checkedAgo: 0)
        var model = ScreenModel(state: AppState(settings: settings), now: Fixtures.now, clock: Fixtures.clock)
        var frame = ScreenRenderer.render(model, width: 100, height: 30)
        // "9 s" to "10 s" grows; "119 s" to "2 min" shrinks in Japanese ("119秒前", "2分前").
        for elapsed in [1.0, 9, 10, 99, 100, 119, 120, 185, 3600] {
            var next = model
            next.now = Fixtures.now + elapsed
            var tick = frame
            guard let changes = ClockTick.apply(next, to: &tick, of: model) else {
                Issue.record("no tick frame at \(elapsed) s in \(language)")
                return
            }
            #expect(tick == ScreenRenderer.render(next, width: 100, height: 30), "at \(elapsed) s in \(language)")
            let rows = Set(tick.buffer.diff(from: frame.buffer).compactMap { change -> Int? in
                if case .run(_, let y, _) = change { return y }
                return nil
            })
            #expect(rows.count == 1, "rows changed at \(elapsed) s: \(rows.sorted())")
            var terminal = frame.buffer
            terminal.apply(changes)
            #expect(terminal == tick.buffer, "at \(elapsed) s the changes sent differ from the frame")
            (model, frame) = (next, tick)
        }
    }

    @Test("anything but the clock, or another clock text changing, means a full frame")
    func otherChangesDecline() {
        let settings = Fixtures.connected(.en)
        let model = ScreenModel(state: AppState(settings: settings), now: Fixtures.now, clock: Fixtures.clock)
        let first = ScreenRenderer.render(model, width: 100, height: 30)
        var language = model
        language.now += 1
        language.settings.currentLanguage = .ja
        var unchanged = first
        #expect(ClockTick.apply(language, to: &unchanged, of: model) == nil)

        var waiting = model
        var loop = ProbeLoop(serverId: settings.currentServer.id, generation: 1, schedule: ProbeSchedule(interval: 10))
        loop.probeStartedAt = Fixtures.now
        waiting.settings.connectivity.monitor = loop
        let beforeWaiting = ScreenRenderer.render(waiting, width: 100, height: 30)
        var later = waiting
        later.now += StatusIndicator.waitingThreshold + 1
        var waitingFrame = beforeWaiting
        #expect(ClockTick.apply(later, to: &waitingFrame, of: waiting) == nil, "\"no answer for N s\" appears")

        var help = model
        help.screen.overlay = .help
        #expect(ScreenRenderer.render(help, width: 100, height: 30).clockSlot == nil, "an overlay covers the row")
    }
}
