import Foundation
import Localization
import SettingsStore
import TerminalRendering
import TestSupport
import Testing

/// The settings pane told to the real loop in-process against the demo backend over real TLS
/// (issue 27, SPEC §10.2, §10.3): a row's word never outlives its truth unseen, and Esc cancels
/// a switch chosen in the pane before it leaves the pane. Real time here (no acceleration):
/// the rows' ages are read from the wall clock, as the app reads them.
@Suite("Loop: the settings pane (demo backend)", .serialized)
@MainActor
struct PaneLoopTests {
    /// The frame's row that names `title`.
    static func row(_ frame: String, _ title: String) -> String? {
        frame.split(separator: "\n").first { $0.contains(title) }.map(String.init)
    }

    /// "12 s ago" in the run's language, for any number of seconds.
    static func agePattern(_ rig: LoopRig) throws -> Regex<AnyRegexOutput> {
        let template = rig.text("ui.checked_ago", ["seconds": "\u{E000}"])
        let parts = template.components(separatedBy: "\u{E000}").map { NSRegularExpression.escapedPattern(for: $0) }
        return try Regex(parts.joined(separator: "[0-9]+"))
    }

    @Test("open the pane, take Mac Mini Tailscale down: its row shows its age, is tested again, and stops saying Connected",
          arguments: AppLanguage.allCases)
    func agedRowIsTestedAgain(language: AppLanguage) async throws {
        let demo = try await DemoBackendProcess.start()
        defer { demo.stop() }
        let rig = try LoopRig(language: language, settings: ["probe_interval": 2])
        defer { rig.stop() }
        rig.connect(demo: demo, acceleration: 1)
        #expect(await rig.settle { $0.connectionStatus == .connected })
        rig.press(.character("o"))
        let title = rig.text("server.mac-mini-tailscale.title")
        let connected = rig.text("status.connected")
        let age = try Self.agePattern(rig)
        let first = await rig.frame { frame in
            Self.row(frame, title).map { $0.contains(connected) && $0.contains(age) } ?? false
        }
        #expect(first != nil, "the row never said Connected with its age:\n\(rig.screen.text)")

        try demo.setMode("mac-mini-tailscale", "down")
        // Nothing else happens: no key, no `r`. Within a few probe intervals (2 s) the row says why.
        let refused = rig.text("error.connect.short")
        let failed = await rig.frame(until: { frame in
            guard let row = Self.row(frame, title) else { return false }
            return !row.contains(connected) && row.contains(refused) && row.contains(age)
        }, timeout: .seconds(30))
        #expect(failed != nil, "the row still says Connected 30 s later:\n\(rig.screen.text)")
        #expect(rig.state.serverStatuses["mac-mini-tailscale"]?.status == .error)
        #expect(rig.state.isSettingsPaneOpen)
    }

    @Test("Esc during a switch chosen in the pane cancels the switch, the pane stays and says so; a second Esc leaves",
          arguments: AppLanguage.allCases)
    func escapeCancelsTheSwitchFirst(language: AppLanguage) async throws {
        // Mac Mini accepts and never answers: the switch waits in its test for the 5 s timeout.
        let demo = try await DemoBackendProcess.start(initialModes: ["mac-mini": "hang"])
        defer { demo.stop() }
        let rig = try LoopRig(language: language, settings: ["connection_timeout": 5])
        defer { rig.stop() }
        rig.connect(demo: demo)
        #expect(await rig.settle { $0.connectionStatus == .connected && $0.currentServer.id == "pn51" })
        rig.press(.character("o"))
        rig.press(.down, .enter)
        #expect(await rig.settle { $0.serverSwitchState.isInProgress && $0.serverSwitchState.toServerId == "mac-mini" })

        rig.press(.escape)
        #expect(rig.state.isSettingsPaneOpen, "the first Esc left the pane")
        #expect(!rig.state.serverSwitchState.isInProgress, "the first Esc did not cancel the switch")
        #expect(rig.state.connectivity.activeSwitch == nil)
        let stays = rig.text("ui.pane.switch_cancelled_stays")
        let said = await rig.frame { squashed($0).contains(squashed(stays)) }
        #expect(said != nil, "the pane does not say it stays open:\n\(rig.screen.text)")
        #expect(await rig.settle { $0.configuredServer.id == "pn51" && $0.currentServer.id == "pn51" },
                "settings.json names pn51 again")

        rig.press(.escape)
        #expect(!rig.state.isSettingsPaneOpen, "the second Esc did not leave the pane")
        let paneOnly = rig.text("ui.pane.backend_server")
        #expect(await rig.frame { !$0.contains(paneOnly) } != nil, "\(rig.screen.text)")
        #expect(rig.state.currentServer.id == "pn51")
    }
}
