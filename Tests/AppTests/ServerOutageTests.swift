import Testing
import TestSupport

/// docs/PRODUCT.md: Status machine; docs/PRODUCT.md: Performance targets: a server going down is shown within a probe interval plus the timeout, and its return
/// is noticed (backoff) without a key press.
@Suite(.serialized)
struct ServerOutageTests {
    @Test("stopping pn51 turns its status to an error; starting it again brings back Connected",
          arguments: ["en", "ja"])
    func downAndBack(language: String) async throws {
        let app = try await AppFixture.start(.init(language: language,
                                                   settings: [("probe_interval", "2"), ("connection_timeout", "5")]))
        defer { app.close() }
        let catalog = app.catalog(language)
        let connected = catalog.text("status.connected")
        let failed = [catalog.text("status.error"), catalog.text("status.disconnected")]
        try await app.waitForConnectedMainScreen(language)

        try app.backend.setMode("pn51", .down)
        // probe interval 2 s + timeout 5 s + one immediate re-test; generous for a loaded machine.
        // The header says what the status is now (the timeline below also tells what it was).
        let down = try await app.waitFor("pn51 shown as failing", timeout: .seconds(60)) { screen in
            let header = screen.rows.first ?? ""
            return !header.contains(connected) && failed.contains(where: header.contains) && header.contains("pn51")
        }
        #expect(!(down.rows.first ?? "").contains(connected), "\(down)")

        try app.backend.setMode("pn51", .up)
        // Backoff after the failure: 2, 4, 8 s ... so the return is seen well within the limit.
        try await app.waitForConnectedMainScreen(language, timeout: .seconds(90))
    }

    @Test("r tests at once: a server that went down is shown failing without waiting for the interval")
    func testNowKey() async throws {
        // A long probe interval: only `r` can reveal the outage within the wait below.
        let app = try await AppFixture.start(.init(settings: [("probe_interval", "600"), ("connection_timeout", "5")]))
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitForConnectedMainScreen("en")
        try app.backend.setMode("pn51", .status502)
        try await app.session.sendKeys("r")
        try await app.waitFor("pn51 failing after r", timeout: .seconds(60)) { screen in
            let header = screen.rows.first ?? ""
            return !header.contains(en.text("status.connected"))
                && [en.text("status.error"), en.text("status.disconnected")].contains(where: header.contains)
        }
    }

    @Test("a hanging server: 'no answer for N s' while the status keeps its word, then an error after one timeout")
    func hangingServerIsNotWaitedForBlind() async throws {
        let app = try await AppFixture.start(.init(settings: [("probe_interval", "2"), ("connection_timeout", "6")]))
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitForConnectedMainScreen("en")
        try app.backend.setMode("pn51", .hang)
        let prefix = en.text("ui.no_answer").components(separatedBy: "{seconds}")[0]
        let waiting = try await app.waitFor("the header saying it waits", timeout: .seconds(30)) { screen in
            screen.rows.first?.contains(prefix) == true
        }
        // The last word is Connected, or Error when a loaded machine let the first timeout pass
        // before this look: either way never Testing while it waits.
        let header = waiting.rows.first ?? ""
        #expect(!header.contains(en.text("status.testing"))
                    && [en.text("status.connected"), en.text("status.error")].contains(where: header.contains),
                "the status keeps its last word while it waits\n\(waiting)")
        try await app.waitFor("pn51 in error after the timeout", timeout: .seconds(60)) { screen in
            screen.rows.first?.contains(en.text("status.error")) == true
        }
    }
}
