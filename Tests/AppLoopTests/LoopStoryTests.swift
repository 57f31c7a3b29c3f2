import Foundation
import Localization
import SettingsStore
import TerminalRendering
import TestSupport
import Testing

/// The stories of "one state, one truth", told to the real loop in-process: keys in, frames out,
/// against the demo backend over real TLS on loopback, in every language. Waits are generous;
/// nothing asserts how fast anything happens.
@Suite("Loop stories (demo backend)", .serialized)
@MainActor
struct LoopStoryTests {

    /// How the frame words a notice the state holds (server names, the reason's short text).
    static func worded(_ message: AppError, _ rig: LoopRig) -> String {
        let localizer = Localizer(language: rig.state.currentLanguage)
        return ConnectivityMessages.render(message, serverName: { id in localizer.text("server.\(id).name") },
                                           text: { key, parameters in localizer.text(key, parameters) })
    }

    /// The demo backend (servers in `initialModes`) and the loop connected to it, its first
    /// test passed.
    static func connected(language: AppLanguage, initialModes: [String: String] = [:],
                          settings: [String: Any] = [:]) async throws -> (DemoBackendProcess, LoopRig) {
        let demo = try await DemoBackendProcess.start(initialModes: initialModes)
        do {
            let rig = try LoopRig(language: language, settings: settings)
            rig.connect(demo: demo)
            #expect(await rig.settle { $0.connectionStatus == .connected })
            return (demo, rig)
        } catch {
            demo.stop()
            throw error
        }
    }

    /// The start of a notice as drawn (a long one is cut at the edge of the pane).
    static func shows(_ frame: String, _ message: String) -> Bool {
        squashed(frame).contains(String(squashed(message).prefix(12)))
    }

    @Test("a switch chosen in the pane that fails is told in the pane, and settings.json names the previous server again",
          arguments: AppLanguage.allCases)
    func failedSwitchInThePane(language: AppLanguage) async throws {
        let (demo, rig) = try await Self.connected(language: language, initialModes: ["mac-mini": "down"])
        defer { rig.stop(); demo.stop() }
        #expect(await rig.settle { $0.connectionStatus == .connected && $0.currentServer.id == "pn51" })
        rig.press(.character("o"))
        rig.press(.down, .enter)
        #expect(await rig.settle { $0.notices.contains { $0.message.key == "switch.failed" } && !$0.serverSwitchState.isInProgress })
        let notice = try #require(rig.state.notices.first { $0.message.key == "switch.failed" })
        let frame = await rig.frame { Self.shows($0, Self.worded(notice.message, rig)) }
        #expect(frame != nil, "the pane does not say the switch failed:\n\(rig.screen.text)")
        #expect(rig.app.screen.isSettingsPaneOpen, "the failure is told where the person acted")
        #expect(rig.screen.header.contains(rig.text("server.pn51.name")))
        #expect(rig.state.configuredServer.id == "pn51", "settings.json names pn51 again")
    }

    @Test("a notice about a failed switch goes once another server is in use", arguments: AppLanguage.allCases)
    func noticesSpeakOfThePresent(language: AppLanguage) async throws {
        let (demo, rig) = try await Self.connected(language: language, initialModes: ["mac-mini-tailscale": "down"])
        defer { rig.stop(); demo.stop() }
        rig.press(.character("o"), .down, .down, .enter)
        #expect(await rig.settle { $0.notices.contains { $0.message.key == "switch.failed" } && !$0.serverSwitchState.isInProgress })
        let failed = try #require(rig.state.notices.first { $0.message.key == "switch.failed" })
        rig.press(.up, .enter)
        #expect(await rig.settle { $0.currentServer.id == "mac-mini" && $0.connectionStatus == .connected })
        rig.press(.escape)
        // The timeline keeps the past ("switch to Mac Mini Tailscale failed"); the notice that
        // said pn51 is still in use is gone.
        let stillInUse = squashed(Self.worded(failed.message, rig))
        let frame = await rig.frame { $0.contains(rig.text("server.mac-mini.name")) && !squashed($0).contains(stillInUse) }
        #expect(frame != nil, "the notice still names pn51 as in use:\n\(rig.screen.text)")
        #expect(!rig.state.notices.contains { $0.message.key == "switch.failed" })
        #expect(rig.screen.header.contains(rig.text("status.connected")))
        #expect(!rig.state.notices.contains { $0.inUse != nil && $0.inUse != rig.state.currentServer.id })
    }

    @Test("the first start is not a switch, and before the first answer the screen says Not checked yet",
          arguments: AppLanguage.allCases)
    func firstStart(language: AppLanguage) async throws {
        let demo = try await DemoBackendProcess.start()
        defer { demo.stop() }
        let rig = try LoopRig(language: language)
        defer { rig.stop() }
        #expect(rig.screen.header.contains(rig.text("status.not_checked")), "\(rig.screen.header)")
        #expect(!rig.screen.header.contains(rig.text("status.disconnected")))
        rig.connect(demo: demo)
        #expect(await rig.settle { $0.connectionStatus == .connected })
        #expect(await rig.frame { $0.contains(rig.text("status.connected")) } != nil)
        #expect(!rig.state.timeline.contains { $0.kind == .switched }, "\(rig.state.timeline)")
        let switched = rig.text("ui.timeline.switched", ["server": rig.text("server.pn51.name"), "duration": ""])
        #expect(!Self.shows(rig.screen.text, switched), "\(rig.screen.text)")
    }

    @Test("a failed server tested again keeps its error in the header", arguments: [AppLanguage.en, .ja])
    func hungServerKeepsItsError(language: AppLanguage) async throws {
        let (demo, rig) = try await Self.connected(language: language, settings: ["connection_timeout": 5])
        defer { rig.stop(); demo.stop() }
        try demo.setMode("pn51", "hang")
        #expect(await rig.settle { $0.connectionStatus == .error })
        // Through the re-test that follows (it waits out the 5 s timeout), the header keeps the
        // error: looked at until that re-test has ended (its result replaced the one that said
        // error) and at least 40 times, so the whole re-test is watched however the machine
        // stretches the looks.
        let erred = rig.state.detailedStatus?.lastChecked
        var samples = 0
        let deadline = ContinuousClock.now + .seconds(120)
        while rig.state.detailedStatus?.lastChecked == erred || samples < 40, ContinuousClock.now < deadline {
            let header = rig.screen.header
            #expect(!header.contains(rig.text("status.testing")), "\(header)")
            #expect(header.contains(rig.text("status.error")), "\(header)")
            samples += 1
            try await Task.sleep(for: .milliseconds(100))  // spaces the looks; the loop ends on the re-test's result
        }
        #expect(rig.state.detailedStatus?.lastChecked != erred, "no re-test ended within 120 s")
    }

    @Test("a server that hangs only for new connections is shown in error", arguments: AppLanguage.allCases)
    func hangsForNewConnectionsOnly(language: AppLanguage) async throws {
        let (demo, rig) = try await Self.connected(language: language,
                                                   settings: ["connection_timeout": 5, "auto_switch_on_failure": false])
        defer { rig.stop(); demo.stop() }
        try demo.setMode("pn51", "tls_hang_new")
        #expect(await rig.settle { $0.connectionStatus == .error })
        #expect(await rig.frame { $0.split(separator: "\n").first?.contains(rig.text("status.error")) == true } != nil)
    }

    @Test("a language chosen by another copy (lang) shows in the running app", arguments: AppLanguage.allCases)
    func followsAppState(language: AppLanguage) async throws {
        let (demo, rig) = try await Self.connected(language: language)
        defer { rig.stop(); demo.stop() }
        let other = language.next
        let second = AppSettingsStore(paths: rig.paths, environment: .production, languageOverride: nil,
                                      processEnvironment: ["LANG": "C"])
        second.loadSettings()
        second.setLanguage(other)
        try second.flushPersistence()
        #expect(await rig.settle { $0.currentLanguage == other })
        let title = Localizer(language: other).text("app.title")
        #expect(await rig.frame { $0.split(separator: "\n").first?.contains(title) == true } != nil, "\(rig.screen.header)")
    }

    @Test("a hand edit that cannot be read: the notice names the kept copy until the file is valid again",
          arguments: AppLanguage.allCases)
    func brokenHandEdit(language: AppLanguage) async throws {
        let (demo, rig) = try await Self.connected(language: language)
        defer { rig.stop(); demo.stop() }
        try TestFile.write(Data("{\"backend_server_address\": \"https://verbumca".utf8), to: rig.paths.settingsFile)
        #expect(await rig.settle { $0.notices.contains { $0.message.key == "files.moved_aside" } })
        let notice = try #require(rig.state.notices.first { $0.message.key == "files.moved_aside" })
        let copy = try #require(notice.message.parameters["path"])
        #expect(FileManager.default.fileExists(atPath: copy), "the copy the notice names exists")
        #expect(await rig.frame { Self.shows($0, Self.worded(notice.message, rig)) } != nil, "\(rig.screen.text)")
        // Still there after the app has tested again (the file is gone, not valid): two probes
        // later, not a while later.
        for _ in 0..<2 {
            let checked = rig.state.detailedStatus?.lastChecked
            #expect(await rig.settle { $0.detailedStatus?.lastChecked != checked })
        }
        #expect(rig.state.notices.contains { $0.message.key == "files.moved_aside" })
        // A valid file again: the notice goes.
        try LoopRig.writeJSON(["probe_interval": 2], to: rig.paths.settingsFile)
        #expect(await rig.settle { !$0.notices.contains { $0.message.key == "files.moved_aside" } })
    }
}
