import AppLoop
import Localization
import Testing
import TestSupport

/// Issue 26, item 2 (a language switch under 0.5 ms of CPU): a read of input draws its frame in
/// its own turn of the main thread, once for all the keys in it. Asking for the frame with
/// another turn of the main queue cost every key a second wake-up of the main thread.
@Suite("Loop: the input's frame", .serialized)
@MainActor
struct InputTurnTests {
    @Test("when a read of two language keys returns, its frame is on screen, drawn once, and none is left to draw")
    func inputDrawsInItsOwnTurn() async throws {
        let rig = try LoopRig(language: .en)
        defer { rig.stop() }
        let title = Localizer(language: .en).text("app.title")
        #expect(await rig.frame { $0.contains(title) } != nil, "no first frame:\n\(rig.screen.text)")
        await rig.loop.waitUntilIdle()
        let flushes = rig.screen.flushes
        rig.loop.input { loop in
            loop.key(.character("l"))
            loop.key(.character("l"))
        }
        // Nothing awaited since the read: what is on screen is what its own turn drew.
        #expect(!rig.loop.isFramePending, "the read asked for a frame in another turn of the main queue")
        #expect(rig.screen.flushes == flushes + 1, "\(rig.screen.flushes - flushes) frames for one read")
        let language = rig.state.currentLanguage
        #expect(language != .en)
        #expect(rig.screen.text.contains(Localizer(language: language).text("app.title")), "\(rig.screen.text)")
    }
}
