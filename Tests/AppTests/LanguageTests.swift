import Foundation
import Testing
import TestSupport

/// docs/PRODUCT.md: Who uses it; docs/PRODUCT.md: The store; docs/PRODUCT.md: Main screen; docs/PRODUCT.md: Keys: the app starts on the demo backend with pn51 connected, and a language key
/// changes every word at once.
@Suite(.serialized)
struct LanguageTests {
    /// Texts the main screen shows on one line at 100×30 in every language: status, panel titles, labels,
    /// footer hints. (Wrapped texts are left out: beside another box, their lines interleave with it.)
    static let mainScreenKeys = ["status.connected", "ui.panel.server", "ui.panel.language", "ui.panel.open_settings",
                                 "ui.status", "ui.checked", "ui.open_settings.button", "source.default",
                                 "check.auth_required",
                                 "key.area", "key.move", "key.choose", "key.settings", "key.language", "key.test",
                                 "key.help", "key.quit"]

    @Test("pn51 shows as connected in the first frames, in the configured language")
    func startsConnected() async throws {
        for language in Catalog.languageCycle {
            let app = try await AppFixture.start(.init(language: language))
            defer { app.close() }
            let screen = try await app.waitForConnectedMainScreen(language)
            #expect(try await app.session.alternateScreenOn(), "the app draws on the alternate screen")
            // Nothing of another language on a fresh screen either.
            for other in Catalog.languageCycle where other != language {
                let leftovers = app.visibleKeys(of: other, on: screen)
                #expect(leftovers.isEmpty, "\(other) texts \(leftovers) on the \(language) screen:\n\(screen)")
            }
        }
    }

    @Test("l cycles ja → en → zh-Hant → ja and no word of the previous language remains")
    func nextLanguageCycles() async throws {
        let app = try await AppFixture.start(.init(language: "ja"))
        defer { app.close() }
        var language = "ja"
        var screen = try await app.waitForConnectedMainScreen(language)
        for _ in 0..<Catalog.languageCycle.count {
            let before = app.visibleKeys(of: language, on: screen)
            #expect(before.count >= 5, "few \(language) texts on screen:\n\(screen)")
            try await app.session.sendKeys("l")
            let next = Catalog.next(after: language)
            screen = try await waitForLanguage(next, replacing: language, in: app)
            // The same places say the same things in the new language (squashed: wrapped texts count).
            let missing = Self.mainScreenKeys.filter { !screen.containsSquashed(app.catalog(next).text($0)) }
            #expect(missing.isEmpty, "after l, the \(next) screen lacks \(missing):\n\(screen)")
            language = next
        }
        #expect(language == "ja")
    }

    @Test("1, 2 and 3 choose 日本語, English and 繁體中文 directly", arguments: [
        ("en", "1", "ja"), ("ja", "2", "en"), ("en", "3", "zh-Hant"), ("zh-Hant", "2", "en"), ("ja", "3", "zh-Hant"),
    ])
    func digitChoosesLanguage(start: String, key: String, expected: String) async throws {
        let app = try await AppFixture.start(.init(language: start))
        defer { app.close() }
        try await app.waitForConnectedMainScreen(start)
        try await app.session.sendKeys(key)
        try await waitForLanguage(expected, replacing: start, in: app)
        // Pressing the same digit again keeps the language.
        try await app.session.sendKeys(key)
        try await app.session.sendKeys("C-l")
        let screen = try await app.waitForConnectedMainScreen(expected)
        #expect(app.visibleKeys(of: start, on: screen).isEmpty, "\(screen)")
    }

    @Test("the chosen language is kept for the next start")
    func languagePersists() async throws {
        let app = try await AppFixture.start(.init(language: "en"))
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        try await app.session.sendKeys("3")
        try await waitForLanguage("zh-Hant", replacing: "en", in: app)
        try await app.session.sendKeys("q")
        #expect(try await app.session.waitForExit() == 0)
        let data = try #require(app.home.read(app.home.appStateFile), "app-state.json written")
        let state = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(state?["currentLanguage"] as? String == "zh-Hant", "\(state ?? [:])")
    }

    /// Waits until the main screen is in `language` with pn51 connected and nothing of `previous` remains.
    @discardableResult
    private func waitForLanguage(_ language: String, replacing previous: String, in app: AppFixture) async throws -> Screen {
        let catalog = app.catalog(language)
        let expected = [catalog.text("status.connected"), catalog.text("ui.panel.server"),
                        catalog.text("ui.panel.language")]
        return try await app.waitFor("\(language) replacing \(previous)") { screen in
            expected.allSatisfy(screen.contains) && app.visibleKeys(of: previous, on: screen).isEmpty
        }
    }
}
