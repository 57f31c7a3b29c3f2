import Foundation
import Localization
import SettingsStore
import TerminalRendering
import TestSupport
import Testing

/// The settings pane told to the real loop in-process against the demo backend over real TLS
/// (issue 27, SPEC §10.2, §10.3): a row's word never outlives its truth unseen, and Esc cancels
/// a switch chosen in the pane before it leaves the pane. The aged row's test runs on virtual
/// time: the store, the loop and the runtime read one `VirtualClock` (the rows' ages too), and
/// the test moves it from timer to timer once nothing is in flight.
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
        let virtual = VirtualClock()
        let rig = try LoopRig(language: language, settings: ["probe_interval": 2], clock: virtual.clock)
        defer { rig.stop() }
        rig.connect(demo: demo, clock: virtual.clock)
        #expect(await Self.advance(rig, virtual) { rig.state.connectionStatus == .connected })
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
        let wentDown = virtual.elapsedSeconds
        let failed = await Self.advance(rig, virtual) {
            guard let row = Self.row(rig.screen.text, title) else { return false }
            return !row.contains(connected) && row.contains(refused) && row.contains(age)
        }
        #expect(failed, "the row still says Connected:\n\(rig.screen.text)")
        let took = virtual.elapsedSeconds - wentDown
        #expect(took >= 2 && took <= 6, "the row said why \(took) s after, not within a few probe intervals (2 s)")
        #expect(rig.state.serverStatuses["mac-mini-tailscale"]?.status == .error)
        #expect(rig.app.screen.isSettingsPaneOpen)
    }

    /// Virtual time: once nothing is in flight (the probes are real transfers), time moves to
    /// the next timer and runs it, until `condition` holds.
    static func advance(_ rig: LoopRig, _ virtual: VirtualClock, until condition: @MainActor () -> Bool) async -> Bool {
        await virtual.advance(until: condition, whenIdle: { await rig.loop.waitUntilIdle() })
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
        #expect(rig.app.screen.isSettingsPaneOpen, "the first Esc left the pane")
        #expect(!rig.state.serverSwitchState.isInProgress, "the first Esc did not cancel the switch")
        #expect(rig.state.connectivity.activeSwitch == nil)
        let stays = rig.text("ui.pane.switch_cancelled_stays")
        let said = await rig.frame { squashed($0).contains(squashed(stays)) }
        #expect(said != nil, "the pane does not say it stays open:\n\(rig.screen.text)")
        #expect(await rig.settle { $0.configuredServer.id == "pn51" && $0.currentServer.id == "pn51" },
                "settings.json names pn51 again")

        rig.press(.escape)
        #expect(!rig.app.screen.isSettingsPaneOpen, "the second Esc did not leave the pane")
        let paneOnly = rig.text("ui.pane.backend_server")
        #expect(await rig.frame { !$0.contains(paneOnly) } != nil, "\(rig.screen.text)")
        #expect(rig.state.currentServer.id == "pn51")
    }
}
