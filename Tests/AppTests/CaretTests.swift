import Foundation
import Testing
import TestSupport

/// SPEC §10.4: text fields show where typing goes, in every mode: the terminal's own cursor on
/// the insertion point after typing, Left, Home and End, on a cell drawn normally. Nothing on the
/// field's row is reverse video: xterm, VTE terminals and alacritty draw a cursor on a reverse
/// cell as invisible. tmux shows such a cursor anyway, so the same keys also run in pyte, a
/// terminal emulator, through scripts/check-caret.
@Suite(.serialized)
struct CaretTests {
    @Test("the terminal cursor follows typing, Left, Home and End in the address field", arguments: [false, true])
    func cursorFollowsTheInsertionPoint(plain: Bool) async throws {
        let app = try await AppFixture.start(.init(language: "en", extraArguments: plain ? ["--plain"] : []))
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitForConnectedMainScreen("en")
        try await app.session.sendKeys("o")
        try await app.waitFor("the pane") { $0.contains(en.text("ui.pane.add_custom")) }
        try await app.session.sendKeys("Tab")
        let text = "https://ward4.example.org/api"
        try await app.session.type(text)
        _ = try await app.waitFor("the typed address") { $0.contains(text) }
        try await expectCaret(app, in: text, at: text.count, after: "typing")
        try await app.session.sendKeys("Left", "Left", "Left")
        try await expectCaret(app, in: text, at: text.count - 3, after: "Left ×3")
        try await app.session.sendKeys("Home")
        try await expectCaret(app, in: text, at: 0, after: "Home")
        try await app.session.sendKeys("Right")
        try await expectCaret(app, in: text, at: 1, after: "Right")
        try await app.session.sendKeys("End")
        try await expectCaret(app, in: text, at: text.count, after: "End")
    }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/check-caret").path

    @Test("in a terminal emulator (pyte) the cursor is visible on a normal cell after every editing key",
          arguments: [false, true])
    func caretVisibleInAnEmulator(plain: Bool) async throws {
        let home = try TemporaryHome(prefix: "verbumcare-caret")
        let app = try BinaryRunner(home: home.path)
        let setLanguage = try await app.run(["lang", "en"])
        guard setLanguage.exitCode == 0 else { throw TestSupportError.setupFailed("lang en: \(setLanguage)") }
        let checker = BinaryRunner(program: Self.script, home: home.path)
        let result = try await checker.run((plain ? ["--plain"] : []) + ["--", app.executable, "--home", home.path])
        #expect(result.exitCode == 0, "\(result)")
    }

    /// The terminal cursor is `offset` characters into the field that shows `text`, wherever
    /// the field is on the screen now: the pane's rows above it may grow or shrink while the
    /// keys are typed (a row's test ends), which moves the field, not the caret within it.
    private func expectCaret(_ app: AppFixture, in text: String, at offset: Int, after what: String) async throws {
        // The key's frame may still be on its way: look again for up to five seconds.
        var (position, wanted, row) = ("", "", -1)
        try await Eventually.holds(within: .seconds(5)) {
            let screen = try await app.session.capture()
            guard let found = screen.firstIndex(where: { $0.contains(text) }),
                  let start = screen[found].range(of: text) else { return false }
            // Everything left of the address on its row is ASCII, so characters are cells.
            let column = screen[found].distance(from: screen[found].startIndex, to: start.lowerBound)
            (wanted, row) = ("\(column + offset),\(found)", found)
            position = try await app.session.format("#{cursor_x},#{cursor_y}")
            return position == wanted
        }
        #expect(position == wanted, "terminal cursor after \(what)")
        #expect(try await app.session.format("#{cursor_flag}") == "1", "cursor hidden after \(what)")
        let colored = try await app.session.capture(escapes: true)
        let reverse = Attributes.reverseText(colored)
        #expect(row >= 0 && row < reverse.count && reverse[row].isEmpty,
                "after \(what) the field's row has reverse video: \(row >= 0 && row < reverse.count ? reverse[row].debugDescription : "no row")")
    }
}
