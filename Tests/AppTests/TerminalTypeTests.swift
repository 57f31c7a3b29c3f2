import Testing
import TestSupport

/// docs/PRODUCT.md: Terminal behaviour: the app is readable on every common terminal type, including 8-colour ones, `dumb`
/// and a `TERM` this machine has no terminfo entry for. The real binary runs in tmux with each
/// `TERM`; tmux interprets what the app sends for that terminal type, and `capture-pane -e` shows
/// the colours every character ended up in.
@Suite(.serialized)
struct TerminalTypeTests {
    /// `TERM` values and extra environment; the last two names surely have no terminfo entry.
    static let terminals: [(term: String, environment: [String: String])] = [
        ("xterm", [:]), ("xterm-color", [:]), ("linux", [:]), ("screen", [:]), ("screen-256color", [:]),
        ("tmux-256color", [:]), ("xterm-256color", [:]), ("vt100", [:]), ("dumb", [:]),
        ("tmux-256color", ["NO_COLOR": "1"]),
        ("xterm-verbumcare-no-such-entry", [:]), ("verbumcare-no-such-terminal", [:]),
    ]

    @Test("every TERM: the server and its status are on screen and no character is drawn in its background colour",
          arguments: terminals.indices)
    func readable(index: Int) async throws {
        let (term, environment) = Self.terminals[index]
        let app = try await AppFixture.start(.init(environment: environment.merging(["TERM": term]) { a, _ in a }))
        defer { app.close() }
        let connected = app.catalog("en").text("status.connected")
        let screen = try await app.waitFor("pn51 and \(connected) with TERM=\(term)") {
            $0.contains("pn51") && $0.contains(connected)
        }
        let colored = try await app.session.capture(escapes: true)
        let invisible = ColorCells.invisible(colored)
        #expect(invisible.isEmpty, "TERM=\(term): \(invisible.count) characters in their own background colour, e.g. \(invisible.prefix(5))\n\(screen)")
        // A screen terminal still shows colour (so the check above has something to check),
        // except where there is none to show.
        let monochrome = ["vt100", "dumb"].contains(term) || environment["NO_COLOR"] != nil
        #expect(Attributes.hasColor(colored) != monochrome, "TERM=\(term): colour expected \(!monochrome)\n\(screen)")
    }

    @Test("ACCESSIBLE (non-empty) turns on --plain: no box drawing, the cursor on the focused item")
    func accessibleMeansPlain() async throws {
        let app = try await AppFixture.start(.init(environment: ["ACCESSIBLE": "1"]))
        defer { app.close() }
        let screen = try await app.waitForConnectedMainScreen("en")
        #expect(!screen.hasBoxDrawing, "\(screen)")
        #expect(try await app.session.format("#{cursor_flag}") == "1")
        let empty = try await AppFixture.start(.init(environment: ["ACCESSIBLE": ""]))
        defer { empty.close() }
        #expect(try await empty.waitForConnectedMainScreen("en").hasBoxDrawing)
    }

    @Test("TERM=dumb: a person can use it line by line: l and Enter switch the language")
    func dumbTerminalTakesKeys() async throws {
        let app = try await AppFixture.start(.init(environment: ["TERM": "dumb"]))
        defer { app.close() }
        let ja = app.catalog("ja")
        try await app.waitFor("the first screen") { $0.contains("pn51") }
        try await app.session.sendKeys("1", "Enter")
        let japanese = try await app.waitFor("the screen in Japanese") { $0.contains(ja.text("ui.panel.language")) }
        #expect(!japanese.hasBoxDrawing, "\(japanese)")
        try await app.session.sendKeys("q", "Enter")
        #expect(try await app.session.waitForExit() == 0)
    }

    @Test("the colour check finds black on black (so the test above can fail)")
    func detectsInvisibleText() {
        let rows = ["\u{1B}[30m\u{1B}[40mDescription\u{1B}[0m ok", "\u{1B}[7m\u{1B}[32;42mx\u{1B}[0m"]
        #expect(ColorCells.invisible(rows).map(\.character) == Array("Descriptionx"))
        #expect(ColorCells.invisible(["\u{1B}[38;5;245mmuted \u{1B}[2mdim\u{1B}[0m"]).isEmpty)
    }
}
