import SettingsStore
import Testing
@testable import Connectivity

/// The runners' timers by id (`EffectTasks.timer`) on virtual time: an id scheduled again
/// replaces its timer, `cancelTimer` drops it, and a stopped runner delivers nothing.
@Suite("Effect timers by id")
@MainActor
struct EffectTimersTests {
    @MainActor
    final class Delivered {
        var events: [AppEvent] = []
    }

    @Test func anIdScheduledAgainReplacesItsTimerAndCancelDropsIt() async {
        let virtual = VirtualClock()
        let tasks = EffectTasks(clock: virtual.clock)
        let delivered = Delivered()
        let deliver: @MainActor @Sendable (AppEvent) -> Void = { delivered.events.append($0) }
        tasks.timer(.probe, after: 2, { .probeTimerFired(generation: 1, at: 0) }, deliver: deliver)
        tasks.timer(.probe, after: 5, { .probeTimerFired(generation: 2, at: 0) }, deliver: deliver)
        tasks.timer(.muteEnd, after: 1, { .muteTimerFired(at: 0) }, deliver: deliver)
        tasks.timer(.drillEnd, after: 3, { .drillTimerFired(at: 0) }, deliver: deliver)
        #expect(tasks.scheduledTimers == [.probe, .muteEnd, .drillEnd])
        tasks.cancelTimer(.drillEnd)
        await virtual.advance(by: 4.999)
        #expect(delivered.events == [.muteTimerFired(at: 0)], "the replaced probe timer (2 s) never fires")
        await virtual.advance(by: 0.001)
        #expect(delivered.events == [.muteTimerFired(at: 0), .probeTimerFired(generation: 2, at: 0)])
        #expect(await virtual.run())
        #expect(delivered.events.count == 2, "the cancelled drill timer never fires")
        #expect(tasks.scheduledTimers.isEmpty)
    }

    @Test func aStoppedRunnerDeliversNoTimer() async {
        let virtual = VirtualClock()
        let tasks = EffectTasks(clock: virtual.clock)
        let delivered = Delivered()
        tasks.timer(.round, after: 1, { .roundTimerFired(round: 1, at: 0) }, deliver: { delivered.events.append($0) })
        tasks.cancelAll(stop: true)
        tasks.timer(.round, after: 1, { .roundTimerFired(round: 2, at: 0) }, deliver: { delivered.events.append($0) })
        #expect(await virtual.run())
        #expect(delivered.events.isEmpty)
    }
}
