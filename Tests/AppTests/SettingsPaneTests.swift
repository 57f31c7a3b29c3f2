import Foundation
import Testing
import TestSupport

/// docs/PRODUCT.md: Settings pane: the settings pane lists every server with its live status, validates a custom address as
/// it is typed, adds it after a test, and switches to the selected server on leaving.
@Suite(.serialized)
struct SettingsPaneTests {
    @Test("o opens the pane; every server row shows its own status word")
    func paneShowsEveryServerStatus() async throws {
        let app = try await AppFixture.start(.init(language: "en"))
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitForConnectedMainScreen("en")
        try await app.session.sendKeys("o")
        let titles = ["pn51", "mac-mini", "mac-mini-tailscale"].map { en.text("server.\($0).title") }
        let connected = en.text("status.connected")
        let failed = [en.text("status.error"), en.text("status.disconnected")]
        // pn51 and Mac Mini answer; Mac Mini Tailscale is down (refused).
        let screen = try await app.waitFor("the pane with settled statuses") { screen in
            guard screen.contains(en.text("ui.pane.add_custom")) else { return false }
            let rows = titles.map { title in row(of: title, in: screen) }
            guard let pn51 = rows[0], let mini = rows[1], let tailscale = rows[2] else { return false }
            return Screen.contains(connected, in: pn51) && Screen.contains(connected, in: mini)
                && failed.contains { Screen.contains($0, in: tailscale) }
        }
        #expect(screen.contains(en.text("ui.pane.title")), "\(screen)")
        // The rows' words (status, reason, age, 24 h uptime) take their room first (SPEC §10.2):
        // at 100 columns the addresses shorten to their hosts, a long host cut in its middle.
        #expect(screen.contains("verbumcare-lab.local"), "\(screen)")
        #expect(screen.contains("verbumcaremac-mini"), "\(screen)")
        let tailscale = row(of: titles[2], in: screen) ?? ""
        #expect(tailscale.contains("verbumca") && tailscale.contains(".local"), "\(screen)")
        #expect(tailscale.contains(en.text("error.connect.short")), "\(screen)")
        // Esc returns to the main screen.
        try await app.session.sendKeys("Escape")
        let main = try await app.waitForConnectedMainScreen("en")
        #expect(!main.contains(en.text("ui.pane.add_custom")), "\(main)")
    }

    @Test("a custom address is validated as it is typed, Tab takes the suggestion, Enter adds it, Esc switches to it")
    func addCustomServerAndSwitch() async throws {
        let app = try await AppFixture.start(.init(language: "en", environment: ["NO_COLOR": "1"]))
        defer { app.close() }
        let en = app.catalog("en")
        let host = AppFixture.customHost
        let insecure = "http://\(host)/api"
        let secure = "https://\(host)/api"
        try await app.waitForConnectedMainScreen("en")
        try await app.session.sendKeys("o")
        try await app.waitFor("the pane") { $0.contains(en.text("ui.pane.add_custom")) }
        try await app.moveFocus(with: "Down", to: "Add Custom Server...") {
            $0.contains(en.text("ui.pane.add_custom"))
        }
        try await app.session.sendKeys("Enter")
        try await app.waitFor("the address field") { $0.contains(en.text("ui.pane.custom_address")) }

        try await app.session.type(insecure)
        let invalid = try await app.waitFor("the https error and the suggestion") { screen in
            screen.contains(insecure) && screen.containsSquashed(en.text("validation.https_required"))
                && screen.containsSquashed(en.text("validation.suggestion", ["address": secure]))
        }
        #expect(!invalid.contains(en.text("ui.pane.added", ["address": secure])))

        try await app.session.sendKeys("Tab")
        try await app.waitFor("the suggestion accepted") { screen in
            screen.contains(secure) && !screen.contains(insecure)
                && !screen.containsSquashed(en.text("validation.https_required"))
        }

        try await app.session.sendKeys("Enter")
        // The demo server answers, so it is added without a question.
        try await app.waitFor("the server tested and added") { screen in
            let settings = (try? app.nativeSettings()) ?? [:]
            return (settings["custom_servers"] as? [String] ?? []).contains(secure)
                && screen.containsSquashed(en.text("ui.pane.added", ["address": secure]))
        }
        // Its row shows its status like every other row (docs/PRODUCT.md: Settings pane), from the test that added it.
        let statuses = ["status.connected", "status.testing"].map { en.text($0) }
        let withStatus = try? await app.waitFor("a status word on the new row", timeout: .seconds(10)) { screen in
            screen.rows.contains { $0.contains(host) && statuses.contains(where: $0.contains) }
        }
        let screenNow = try await app.screen()
        #expect(withStatus != nil, "the added server's row shows no status:\n\(screenNow)")

        // Focus stays in the emptied field after adding: Esc there returns to the list (and only there,
        // since Esc in the list would leave the pane).
        let focused = try await app.focusedRows()
        if !focused.contains(where: { $0.contains(host) || $0.contains("verbumcare") || $0.contains(en.text("ui.pane.add_custom")) }) {
            try await app.session.sendKeys("Escape")
            try await app.waitFor("the list focused again") { $0.contains(en.text("ui.pane.add_custom")) }
        }
        // Choose the new row and leave the pane: the app switches to it.
        try await app.moveFocus(with: "Up", to: host) { $0.contains(host) && !$0.contains(en.text("ui.pane.add_custom")) }
        try await app.session.sendKeys("Enter")
        // Esc while the switch runs would cancel it (SPEC §10.3): leave once it is done.
        try await app.waitFor("the switch to \(host) done") { screen in
            screen.rows.first.map { $0.contains(host) && $0.contains(en.text("status.connected")) } ?? false
        }
        try await app.session.sendKeys("Escape")
        let main = try await app.waitFor("the main screen connected to \(host)") { screen in
            !screen.contains(en.text("ui.pane.add_custom")) && screen.contains(secure)
                && screen.contains(en.text("status.connected"))
        }
        #expect(main.contains(en.text("ui.panel.server")), "\(main)")
        let settings = try app.nativeSettings()
        let address = settings["backend_server_address"] as? String
        let chosen = address == "__CUSTOM__" ? settings["custom_server_address"] as? String : address
        #expect(chosen == secure, "the choice is saved (docs/PRODUCT.md: Files): \(settings)")
    }

    /// The first row that mentions `text`.
    private func row(of text: String, in screen: Screen, excluding: String? = nil) -> String? {
        screen.rows.first { $0.contains(text) && !(excluding.map($0.contains) ?? false) }
    }
}
