import AppLoop
import Localization
import TestSupport
import Testing

/// Every frame takes the loop's one path: a turn whose screen model is the last frame's writes
/// nothing and is not flushed, and the frames of the probes the app runs on its own (a probe
/// starting, a second passing) write only what they change.
@Suite("One way of drawing", .serialized)
@MainActor
struct OneWayOfDrawingTests {
    @Test("a turn whose model is the last frame's writes no cell and flushes nothing")
    func unchangedTurnWritesNothing() async throws {
        let rig = try LoopRig(language: .ja)
        defer { rig.stop() }
        #expect(await rig.frame { !$0.isEmpty } != nil)
        let cells = rig.screen.cellsWritten
        let flushes = rig.screen.flushes
        let unchanged = rig.loop.unchangedFrames
        rig.loop.drawFrame()
        rig.loop.drawFrame()
        #expect(rig.screen.cellsWritten == cells)
        #expect(rig.screen.flushes == flushes)
        #expect(rig.loop.unchangedFrames == unchanged + 2)
    }

    @Test("while the app probes on its own, no frame is flushed that writes nothing, and probes starting draw nothing")
    func probesDrawOnlyWhatChanges() async throws {
        let demo = try await DemoBackendProcess.start()
        defer { demo.stop() }
        let rig = try LoopRig(language: .en)
        defer { rig.stop() }
        rig.connect(demo: demo)
        #expect(await rig.settle { $0.connectionStatus == .connected })
        let emptyBefore = rig.screen.emptyFlushes
        let unchangedBefore = rig.loop.unchangedFrames
        // Five probes answered (ten times faster than real time: one every 0.2 s of the 2 s interval).
        var answers = 0
        var last = rig.state.detailedStatus?.lastChecked
        await Eventually.holds(within: .seconds(120), every: .milliseconds(10)) {
            let checked = rig.state.detailedStatus?.lastChecked
            if checked != last {
                answers += 1
                last = checked
            }
            return answers >= 5
        }
        #expect(answers == 5)
        #expect(rig.screen.emptyFlushes == emptyBefore, "frames flushed with nothing new on them")
        #expect(rig.loop.unchangedFrames > unchangedBefore, "no probe start was found to change nothing")
    }
}
