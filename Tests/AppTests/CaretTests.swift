import Testing
import TestSupport

/// docs/PRODUCT.md: Terminal behaviour: text fields show where typing goes, in every mode, and the terminal cursor sits
/// there: after typing, Left, Home and End, tmux's cursor is on the field's insertion point, and
/// exactly that cell is in reverse video (so the caret shows even with the cursor hidden or
/// hard to see).
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
        let typed = try await app.waitFor("the typed address") { $0.contains(text) }
        guard let row = typed.rows.firstIndex(where: { $0.contains(text) }),
              let start = typed.rows[row].range(of: text) else {
            Issue.record("the address is not on screen:\n\(typed)")
            return
        }
        // Everything left of the address on its row is ASCII, so characters are cells.
        let column = typed.rows[row].distance(from: typed.rows[row].startIndex, to: start.lowerBound)
        try await expectCaret(app, at: column + text.count, row: row, after: "typing")
        try await app.session.sendKeys("Left", "Left", "Left")
        try await expectCaret(app, at: column + text.count - 3, row: row, after: "Left ×3")
        try await app.session.sendKeys("Home")
        try await expectCaret(app, at: column, row: row, after: "Home")
        try await app.session.sendKeys("Right")
        try await expectCaret(app, at: column + 1, row: row, after: "Right")
        try await app.session.sendKeys("End")
        try await expectCaret(app, at: column + text.count, row: row, after: "End")
    }

    private func expectCaret(_ app: AppFixture, at column: Int, row: Int, after what: String) async throws {
        let wanted = "\(column),\(row)"
        // The key's frame may still be on its way: poll for up to five seconds.
        var position = ""
        for _ in 0..<250 {
            position = try await app.session.format("#{cursor_x},#{cursor_y}")
            if position == wanted { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(position == wanted, "terminal cursor after \(what)")
        #expect(try await app.session.format("#{cursor_flag}") == "1", "cursor hidden after \(what)")
        let colored = try await app.session.capture(escapes: true)
        let reverse = Attributes.reverseText(colored)
        #expect(reverse[row].count == 1, "after \(what) the reverse-video caret should be one cell: \(reverse[row].debugDescription)")
    }
}
