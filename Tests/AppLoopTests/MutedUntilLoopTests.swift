import AppLoop
import Connectivity
import Foundation
import Localization
import SettingsStore
import SettingsUI
import Testing
import TestSupport

/// `mute` from another terminal reaches the open app (SPEC §15.3: "the panel, the pane and `h`
/// show 'muted until 14:30' beside the server"): the real command writes mutes.json, the app's
/// watcher reads it, and the panel (server in use), the pane's row and `h` say it, in each
/// language; `unmute` takes it away from all three.
@Suite("Muted until, on every screen (demo backend)", .serialized)
@MainActor
struct MutedUntilLoopTests {
    @Test("mute pn51 and Mac Mini: the panel, the pane and h say until when; unmute: gone", arguments: AppLanguage.allCases)
    func mutedUntilEverywhere(language: AppLanguage) async throws {
        let (demo, rig) = try await HistoryLoopTests.recordingRig(language)
        defer { rig.stop(); demo.stop() }
        #expect(await rig.settle { $0.connectionStatus == .connected })
        let runner = try BinaryRunner(home: rig.home.path)
        for server in ["pn51", "mac-mini"] {
            let muted = try await runner.run(["mute", server, "--for", "2h"])
            #expect(muted.exitCode == 0, "\(muted)")
        }
        let until = try #require(await waitForMute(rig, "mac-mini"), "the app never read mutes.json")
        let word = rig.text("ui.muted_until", ["time": LocalClock.system.time(until)])
        let inUse = try #require(await waitForMute(rig, "pn51"))
        let panelWord = rig.text("ui.muted_until", ["time": LocalClock.system.time(inUse)])
        let panel = await rig.frame { squashed($0).contains(squashed(panelWord)) }
        #expect(panel != nil, "the panel does not say pn51 is muted:\n\(rig.screen.text)")
        rig.press(.character("o"))
        let pane = await rig.frame { text in
            text.split(separator: "\n").contains { $0.contains("Mac Mini") && squashed(String($0)).contains(squashed(word)) }
        }
        #expect(pane != nil, "the pane's Mac Mini row does not say it is muted:\n\(rig.screen.text)")
        rig.press(.escape)
        rig.press(.character("h"))
        #expect(await rig.frame { squashed($0).contains(squashed(word)) } != nil, "h:\n\(rig.screen.text)")
        rig.press(.escape)

        let unmuted = try await runner.run(["unmute", "--all"])
        #expect(unmuted.exitCode == 0, "\(unmuted)")
        #expect(await rig.frame { !squashed($0).contains(squashed(word)) && !squashed($0).contains(squashed(panelWord)) } != nil,
                "still muted:\n\(rig.screen.text)")
    }

    private func waitForMute(_ rig: LoopRig, _ server: String) async -> Double? {
        guard await rig.settle(until: { _ in rig.app.watch.mutes.entries.contains { $0.serverId == server } }) else { return nil }
        return rig.app.watch.mutes.entries.first { $0.serverId == server }?.until
    }
}
