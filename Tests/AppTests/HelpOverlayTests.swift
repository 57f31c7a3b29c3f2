import Testing
import TestSupport

/// docs/PRODUCT.md: Keys: `?` and F1 show every key with what it does; Esc (and `?`) close the overlay.
@Suite(.serialized)
struct HelpOverlayTests {
    /// The help sentence of each key of docs/PRODUCT.md: Keys.
    static let sentences = ["help.tab", "help.move", "help.choose", "help.open_settings", "help.next_language",
                            "help.choose_language", "help.test", "help.help", "help.escape", "help.quit",
                            "help.redraw"]
    /// Key names as they are written on keyboards (the same in every language).
    static let keyNames = ["Tab", "Enter", "Esc", "F1", "F10"]

    @Test("? lists every key in each language; Esc closes it", arguments: Catalog.languageCycle)
    func helpListsEveryKey(language: String) async throws {
        // Tall enough for the whole overlay without scrolling.
        let app = try await AppFixture.start(.init(language: language, rows: 70))
        defer { app.close() }
        let catalog = app.catalog(language)
        try await app.waitForConnectedMainScreen(language)
        try await app.session.sendKeys("?")
        let help = try await app.waitFor("the help overlay") { screen in
            screen.contains(catalog.text("help.title"))
                && Self.sentences.allSatisfy { screen.containsSquashed(catalog.text($0)) }
        }
        for name in Self.keyNames {
            #expect(help.contains(name), "\(name) missing from help:\n\(help)")
        }
        try await app.session.sendKeys("Escape")
        let closed = try await app.waitFor("the help closed") { screen in
            !screen.containsSquashed(catalog.text("help.redraw"))
        }
        #expect(closed.contains(catalog.text("status.connected")), "\(closed)")
    }

    @Test("F1 opens the help and ? closes it")
    func f1AndQuestionMark() async throws {
        let app = try await AppFixture.start(.init(rows: 70))
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitForConnectedMainScreen("en")
        try await app.session.sendKeys("F1")
        try await app.waitFor("the help overlay") { $0.containsSquashed(en.text("help.redraw")) }
        try await app.session.sendKeys("?")
        try await app.waitFor("the help closed") { !$0.containsSquashed(en.text("help.redraw")) }
        // The app is still running and on its main screen.
        try await app.waitForConnectedMainScreen("en")
        #expect(try await app.session.exitStatus() == nil)
    }
}
