import Foundation
import Testing
import TestSupport

/// SPEC §10.4: terminals that are not a modern emulator. The real binary runs in tmux with each
/// `TERM`; tmux interprets what the app sends for that terminal type.
@Suite(.serialized)
struct TerminalKindTests {
    @Test("without an alternate screen (vt100, linux) the app's screen is cleared on quitting: the prompt never lands on the footer",
          arguments: ["vt100", "linux"])
    func noAlternateScreenIsClearedOnExit(term: String) async throws {
        let app = try await AppFixture.start(.init(environment: ["TERM": term]))
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitFor("the main screen with TERM=\(term)") { $0.contains("pn51") && $0.contains(en.text("key.quit")) }
        try await app.session.sendKeys("q")
        #expect(try await app.session.waitForExit() == 0)
        let after = Screen(try await app.session.capture())
        // What the shell prints next (here the exit marker) starts on a clean screen.
        let marker = after.rows.firstIndex { $0.contains("__EXIT__=0") }
        #expect(marker == 0, "TERM=\(term): the exit line is not at the top of a cleared screen\n\(after)")
        #expect(!after.contains("pn51") && !after.contains(en.text("key.quit")), "TERM=\(term): the app's frame stayed\n\(after)")
    }

    @Test("the line mode says first, in one line of the language in use, that it is the line mode and why",
          arguments: ["en", "ja", "zh-Hant"])
    func lineModeSaysSo(language: String) async throws {
        let app = try await AppFixture.start(.init(language: language, environment: ["TERM": "dumb"]))
        defer { app.close() }
        // The line mode is read by a screen reader: its first line is the screen-reader mode's,
        // naming TERM=dumb as what turned it on and saying what the line mode is.
        let catalog = app.catalog(language)
        let words = catalog.text("ui.plain.label.mode") + ": " + catalog.text("ui.plain.mode_on.line_mode", ["term": "dumb"])
        try await app.waitFor("the first screen") { $0.contains("pn51") }
        // The first screen is longer than the pane: the notice may have scrolled off the top.
        let printed = Screen(try await app.session.captureHistory())
        let first = printed.rows.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        // The pane is 100 columns: a longer notice wraps onto the next row.
        #expect(Screen.squash(first.prefix(2).joined()).hasPrefix(Screen.squash(words)), "\(printed)")
        #expect(printed.rows.filter { $0.contains(words.prefix(8)) }.count == 1, "said once\n\(printed)")
    }

    @Test("the Linux console shows Japanese and Chinese in English, with a note naming the language asked for",
          arguments: ["ja", "zh-Hant"])
    func linuxConsoleShowsEnglish(language: String) async throws {
        let app = try await AppFixture.start(.init(language: language, environment: ["TERM": "linux"]))
        defer { app.close() }
        let en = app.catalog("en")
        let name = en.text(language == "ja" ? "ui.language_name.ja" : "ui.language_name.zh_hant")
        let note = en.text("ui.console_language_note", ["language": name, "variable": "VERBUMCARE_CONSOLE_CJK"])
        // The note sits in the right column, under the boxes (columns 58 and on at 100 columns).
        let screen = try await app.waitFor("English with the note") { screen in
            Screen.squash(screen.rows.map { String($0.dropFirst(58)) }.joined()).contains(Screen.squash(note))
        }
        #expect(screen.contains(en.text("ui.panel.language")), "\(screen)")
        let cjk = screen.text.unicodeScalars.filter { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
        // Only the language list's own names (日本語, 繁體中文) are left in their script.
        #expect(String(String.UnicodeScalarView(cjk)) == "日本語繁體中文", "\(screen)")
    }

    @Test("VERBUMCARE_CONSOLE_CJK=1 (a console whose font has them) keeps the language; other terminals never switch",
          arguments: [["TERM": "linux", "VERBUMCARE_CONSOLE_CJK": "1"], ["TERM": "xterm-256color"]])
    func consoleOverride(environment: [String: String]) async throws {
        let app = try await AppFixture.start(.init(language: "ja", environment: environment))
        defer { app.close() }
        let screen = try await app.waitForConnectedMainScreen("ja")
        #expect(!screen.containsSquashed(app.catalog("en").text("ui.panel.language")), "\(screen)")
    }

    @Test("--plain writes a change of status as one line of words in the language in use", arguments: ["en", "ja"])
    func plainStatusChangeIsOneLine(language: String) async throws {
        let app = try await AppFixture.start(.init(language: language, settings: [("probe_interval", "2"), ("connection_timeout", "5")],
                                                   extraArguments: ["--plain"]))
        defer { app.close() }
        let text = app.catalog(language)
        try await app.waitForConnectedMainScreen(language)
        try app.backend.setMode("pn51", .down)
        let error = text.text("ui.plain.status_with_reason", ["status": text.text("status.error"),
                                                              "reason": text.text("error.connect.short")])
        let line = text.text("ui.plain.label.change") + ": "
            + text.text("ui.plain.status_change", ["server": "pn51", "from": text.text("status.connected"), "to": error])
        let screen = try await app.waitFor("the one line \(line)", timeout: .seconds(60)) { screen in
            screen.rows.contains { $0.trimmingCharacters(in: .whitespaces) == line }
        }
        #expect(screen.rows.filter { $0.contains(line) }.count == 1, "\(screen)")
    }
}
