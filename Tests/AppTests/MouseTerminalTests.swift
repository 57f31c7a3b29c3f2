import Foundation
import Testing
import TestSupport

/// The mouse in the real binary (SPEC §10.3), in tmux: the app asks for mouse reports (tmux
/// shows the modes it turned on), xterm's SGR 1006 reports typed into the pane as a terminal
/// would send them choose a language, a server in the pane, scroll help and act as a footer
/// hint; `--plain` asks for none; the modes are off after the app ends.
@Suite(.serialized)
struct MouseTerminalTests {
    /// ncurses takes the report form from terminfo's `kmous`: xterm's entry names SGR 1006.
    static let xterm = AppFixture.Options(environment: ["TERM": "xterm-256color"])

    /// A press and a release of the left button at a cell (0-based), as xterm reports them in
    /// SGR form (1-based), sent as the bytes a terminal writes.
    static func click(_ session: TmuxSession, x: Int, y: Int) async throws {
        try await send(session, "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m")
    }

    /// One notch of the wheel (SGR buttons 64 up, 65 down).
    static func wheel(_ session: TmuxSession, down: Bool, x: Int, y: Int) async throws {
        try await send(session, "\u{1B}[<\(down ? 65 : 64);\(x + 1);\(y + 1)M")
    }

    static func send(_ session: TmuxSession, _ bytes: String) async throws {
        try await session.sendKeys(["-H"] + bytes.utf8.map { String(format: "%02x", $0) })
    }

    /// Where `text` starts on the captured screen: its row and its column (the rows these tests
    /// aim at hold no double-width character before it).
    static func locate(_ text: String, in screen: [String], fromBottom: Bool = false) -> (x: Int, y: Int)? {
        let rows = fromBottom ? Array(screen.indices.reversed()) : Array(screen.indices)
        for y in rows {
            guard let range = screen[y].range(of: text) else { continue }
            let before = screen[y][..<range.lowerBound]
            // CJK, kana, Hangul and full-width forms: two columns (none are expected before it).
            let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                               0xFF00...0xFF60, 0x1F300...0x3FFFD]
            guard !before.unicodeScalars.contains(where: { scalar in wide.contains { $0.contains(scalar.value) } }) else { continue }
            return (before.count, y)
        }
        return nil
    }

    static func mouseModes(_ app: AppFixture) async throws -> String {
        try await app.session.format("#{mouse_standard_flag} #{mouse_sgr_flag}")
    }

    @Test("a click chooses a language and a footer hint acts as its key; the wheel scrolls help")
    func clicksAndWheel() async throws {
        let app = try await AppFixture.start(Self.xterm)
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        #expect(try await Self.mouseModes(app) == "1 1", "the app asks for SGR mouse reports")
        // A language: 日本語 is chosen, the screen turns Japanese.
        let screen = try await app.session.capture()
        let japanese = try #require(Self.locate("日本語", in: screen), "\(screen)")
        try await Self.click(app.session, x: japanese.x, y: japanese.y)
        try await app.waitForConnectedMainScreen("ja")
        // Back in English with the key, then the footer's "? help" clicked opens help.
        try await app.session.sendKeys("2")
        try await app.waitForConnectedMainScreen("en")
        let english = try await app.session.capture()
        let hint = try #require(Self.locate("? " + app.catalog("en").text("key.help"), in: english, fromBottom: true),
                                "\(english)")
        #expect(hint.y == english.count - 1 || hint.y >= 28, "the hint is on the footer: \(hint)")
        try await Self.click(app.session, x: hint.x + 2, y: hint.y)
        let heading = app.catalog("en").text("help.section.global")
        let help = try await app.session.waitFor("help open, at its first line") { rows in
            rows.contains { $0.contains(heading) } && rows.contains { $0.contains("1–") }
        }
        // Two notches down: six lines on, the first heading gone.
        let middle = help.count / 2
        try await Self.wheel(app.session, down: true, x: 50, y: middle)
        try await Self.wheel(app.session, down: true, x: 50, y: middle)
        try await app.session.waitFor("help scrolled by the wheel to line 7") { rows in
            rows.contains { $0.contains("7–") } && !rows.contains { $0.contains(heading) }
        }
        try await Self.wheel(app.session, down: false, x: 50, y: middle)
        try await app.session.waitFor("help scrolled back to line 4") { rows in rows.contains { $0.contains("4–") } }
        try await app.session.sendKeys("q")
        #expect(try await app.session.waitForExit() == 0)
        #expect(try await Self.mouseModes(app) == "0 0", "mouse reporting off after the app")
    }

    @Test("a click on a server in the pane chooses it (settings.json names it)")
    func clickAPaneRow() async throws {
        let app = try await AppFixture.start(Self.xterm)
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        try await app.session.sendKeys("o")
        let name = app.catalog("en").text("server.mac-mini.name")
        let pane = try await app.session.waitFor("the pane") { rows in
            rows.contains { $0.contains(app.catalog("en").text("ui.pane.add_custom")) }
        }
        // "Mac Mini" also begins "Mac Mini Tailscale": the row whose name is followed by a space pair.
        let row = try #require(pane.firstIndex { $0.contains(name + " ") && !$0.contains(name + " Tailscale") }, "\(pane)")
        let place = try #require(Self.locate(name, in: [pane[row]]))
        try await Self.click(app.session, x: place.x, y: row)
        // Polled with a deadline: the store writes the file after the click's turn.
        await Eventually.holds(within: .seconds(30), every: .milliseconds(50)) {
            "\((try? app.nativeSettings()) ?? [:])".contains("verbumcaremac-mini/api")
        }
        let settings = try app.nativeSettings()
        #expect("\(settings)".contains("verbumcaremac-mini/api"), "settings.json after the click: \(settings)")
        try await app.session.sendKeys("q")
        _ = try await app.session.waitForExit()
    }

    @Test("--plain asks for no mouse reports")
    func plainHasNoMouse() async throws {
        var options = Self.xterm
        options.extraArguments = ["--plain"]
        let app = try await AppFixture.start(options)
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        #expect(try await Self.mouseModes(app) == "0 0")
        try await app.session.sendKeys("q")
        _ = try await app.session.waitForExit()
    }

    @Test("mouse reporting is off after a crash or a signal", arguments: [SIGSEGV, SIGTERM])
    func offAfterSignals(signal: Int32) async throws {
        let app = try await AppFixture.start(Self.xterm)
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        #expect(try await Self.mouseModes(app) == "1 1")
        try await app.session.kill(signal)
        #expect(try await app.session.waitForExit() == 128 + signal)
        #expect(try await Self.mouseModes(app) == "0 0", "mouse reporting left on after signal \(signal)")
    }

    @Test("Ctrl-Z gives the terminal back without mouse reporting; fg asks for it again")
    func suspendAndResume() async throws {
        let app = try await AppFixture.start(Self.xterm)
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        try await app.session.sendKeys("C-z")
        await Eventually.holds(within: .seconds(30)) { app.session.isSuspended }
        #expect(app.session.isSuspended)
        #expect(try await Self.mouseModes(app) == "0 0", "mouse reporting left on while suspended")
        try app.session.resume()
        try await app.waitForConnectedMainScreen("en")
        try await Eventually.holds(within: .seconds(30)) { try await Self.mouseModes(app) == "1 1" }
        #expect(try await Self.mouseModes(app) == "1 1", "mouse reporting not asked for again after fg")
        try await app.session.sendKeys("q")
        #expect(try await app.session.waitForExit() == 0)
    }
}
