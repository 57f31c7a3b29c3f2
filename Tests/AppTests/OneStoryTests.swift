import Foundation
import Testing
import TestSupport

/// The screen, settings.json, `servers` and `status` tell one story, in every language: the
/// stories that used to contradict themselves, played on the real binary against real servers.
@Suite(.serialized)
struct OneStoryTests {
    @Test("Esc during a slow switch keeps pn51 on the screen, in settings.json, in servers and in status",
          arguments: ["ja", "en", "zh-Hant"])
    func escapeDuringASlowSwitch(language: String) async throws {
        // The longest timeout, and an answer later than that: the switch stays in progress for a
        // minute, so a test process starved on a loaded machine still sees it (it once missed a
        // 10 s window).
        let app = try await AppFixture.start(.init(language: language, settings: [("connection_timeout", "60")]))
        defer { app.close() }
        let catalog = app.catalog(language)
        try await app.waitForConnectedMainScreen(language)
        try app.backend.setMode("mac-mini", .slow, delayMs: 120_000)

        // Choose Mac Mini in the pane and press Esc while it is switching: Esc cancels the switch
        // first, and the pane stays open and says so (SPEC §10.3).
        try await app.session.sendKeys("o")
        try await app.moveFocus(with: "Down", to: "the Mac Mini row") { $0.contains("Mac Mini") && !$0.contains("Tailscale") }
        try await app.session.sendKeys("Enter")
        let switching = catalog.text("status.switching")
        let pane = catalog.text("ui.pane.add_custom")
        try await app.waitFor("the pane switching to Mac Mini") { screen in
            screen.contains(switching) && screen.contains(pane)
        }
        try await app.session.sendKeys("Escape")
        try await app.waitFor("pn51 kept after Esc, the pane still open and saying so") { screen in
            !screen.contains(switching) && screen.rows.first?.contains("pn51") == true
                && screen.contains(catalog.text("status.connected")) && screen.contains(pane)
                && screen.containsSquashed(catalog.text("ui.pane.switch_cancelled_stays"))
        }
        // A second Esc leaves the pane.
        try await app.session.sendKeys("Escape")
        let screen = try await app.waitFor("the main screen on pn51") { screen in
            !screen.contains(pane) && screen.rows.first?.contains("pn51") == true
                && screen.contains(catalog.text("ui.panel.language"))
        }
        #expect(screen.contains(catalog.text("source.default")), "\(screen)")
        #expect(try app.nativeSettings()["backend_server_address"] == nil, "settings.json names the default again")

        let servers = try await app.command(["servers", "--json"])
        let current = (servers as? [[String: Any]])?.first { $0["isCurrent"] as? Bool == true }?["id"] as? String
        #expect(current == "pn51")
        let status = try await app.command(["status", "--json"]) as? [String: Any]
        #expect((status?["server"] as? [String: Any])?["id"] as? String == "pn51")
        #expect((status?["server"] as? [String: Any])?["source"] as? String == "default")
    }

    @Test("fallback, recovery and s: one notice at a time, never an error mark on good news, no raw code",
          arguments: ["ja", "en", "zh-Hant"])
    func fallbackRecoveryAndSwitchBack(language: String) async throws {
        let app = try await AppFixture.start(.init(
            language: language, initialModes: ["mac-mini": "down", "mac-mini-tailscale": "down"],
            settings: [("backend_server_address", "https://verbumcaremac-mini/api"), ("probe_interval", "2"),
                       ("connection_timeout", "5")]))
        defer { app.close() }
        let catalog = app.catalog(language)
        let macMini = catalog.text("server.mac-mini.name")
        let fallback = catalog.text("notice.fallback", ["failed": macMini, "server": "pn51",
                                                         "reason": catalog.text("error.connect.short")])
        let offer = catalog.text("notice.switch_back_offer", ["server": macMini])

        let during = try await app.waitFor("the fallback notice") { $0.contains(fallback) }
        #expect(Self.noticeMarks(during) == ["⚠"], "one event, one notice\n\(during)")
        #expect(during.rows.first?.contains("pn51") == true)
        Self.expectNoRawCode(during)

        try app.backend.setMode("mac-mini", .up)
        let recovered = try await app.waitFor("the offer to switch back", timeout: .seconds(60)) { $0.contains(offer) }
        #expect(Self.noticeMarks(recovered) == ["✓"], "good news alone, never with ✗\n\(recovered)")
        #expect(!recovered.contains(fallback))
        let past = catalog.text("source.fallback_recovered", ["server": macMini, "reason": catalog.text("error.connect.short")])
        // The source line wraps beside the language box: its start is enough to tell the tense.
        #expect(recovered.squashed.contains(Screen.squash(past).prefix(19)), "the failure is in the past\n\(recovered)")
        #expect(recovered.rows.first?.contains("pn51") == true, "offered, not forced")

        try await app.session.sendKeys("s")
        let back = try await app.waitFor("Mac Mini in use") { screen in
            screen.rows.first?.contains(macMini) == true && screen.contains(catalog.text("status.connected"))
                && screen.contains(catalog.text("source.native_settings"))
        }
        #expect(Self.noticeMarks(back).isEmpty, "nothing left to tell\n\(back)")
        #expect(try app.nativeSettings()["backend_server_address"] as? String == "https://verbumcaremac-mini/api")
    }

    /// The marks of the notices at the bottom of the main screen (a notice starts right after the border).
    static func noticeMarks(_ screen: Screen) -> [String] {
        screen.rows.compactMap { row in
            let characters = Array(row)
            guard characters.count > 3, characters[0] == "│", characters[1] == " " else { return nil }
            let mark = String(characters[2])
            return ["⚠", "✗", "✓", "•"].contains(mark) && characters[3] == " " ? mark : nil
        }
    }

    static func expectNoRawCode(_ screen: Screen) {
        for code in ["connect", "timeout", "dns", "tls_untrusted", "http_status"] {
            #expect(!screen.contains("(\(code))"), "raw code \(code) on screen\n\(screen)")
        }
    }
}

extension AppFixture {
    /// Runs a command of the binary against this fixture's backend and home; its JSON output.
    func command(_ arguments: [String]) async throws -> Any {
        let result = try await runner.run(arguments + ["--cacert", backend.caFile]
                                          + backend.connectTo.flatMap { ["--connect-to", $0] })
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    }
}
