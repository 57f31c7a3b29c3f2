import Testing
import TestSupport

/// docs/PRODUCT.md: Terminal behaviour: screen-reader mode, monochrome that still shows focus, and no terminal on stdout.
@Suite(.serialized)
struct DisplayModeTests {
    @Test("--plain draws no box drawing characters, on the main screen and in the pane")
    func plainHasNoBoxes() async throws {
        let app = try await AppFixture.start(.init(extraArguments: ["--plain"]))
        defer { app.close() }
        let en = app.catalog("en")
        let main = try await app.waitForConnectedMainScreen("en")
        #expect(!main.hasBoxDrawing, "\(main)")
        try await app.session.sendKeys("o")
        let pane = try await app.waitFor("the pane") { $0.contains(en.text("ui.pane.add_custom")) }
        #expect(!pane.hasBoxDrawing, "\(pane)")
        try await app.session.sendKeys("?")
        let help = try await app.waitFor("the help") { $0.contains(en.text("help.title")) }
        #expect(!help.hasBoxDrawing, "\(help)")
    }

    @Test("the default screen has colours and boxes (so the plain and monochrome tests can fail)")
    func defaultHasColorsAndBoxes() async throws {
        let app = try await AppFixture.start()
        defer { app.close() }
        let main = try await app.waitForConnectedMainScreen("en")
        #expect(main.hasBoxDrawing, "\(main)")
        let colored = try await app.session.capture(escapes: true)
        #expect(Attributes.hasColor(colored), "no colour at all:\n\(TmuxSession.framed(colored))")
    }

    @Test("NO_COLOR, --no-color: no colour, but focus still shows in reverse video",
          arguments: [(["NO_COLOR": "1"], [String]()), ([:], ["--no-color"])])
    func monochromeShowsFocus(environment: [String: String], arguments: [String]) async throws {
        let app = try await AppFixture.start(.init(extraArguments: arguments, environment: environment))
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        let colored = try await app.session.capture(escapes: true)
        #expect(!Attributes.hasColor(colored), "colour in monochrome:\n\(TmuxSession.framed(colored))")
        let focused = Attributes.reverseText(colored).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(!focused.isEmpty, "nothing in reverse video:\n\(TmuxSession.framed(colored))")
        // Focus moves with Tab, and the reverse video goes with it.
        try await app.session.sendKeys("Tab")
        let moved = try await app.session.waitFor("focus to move", escapes: true) { $0 != colored }
        let focusedAfter = Attributes.reverseText(moved).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(!focusedAfter.isEmpty && focusedAfter != focused, "\(focused) → \(focusedAfter)")
    }

    @Test("with stdout redirected to a file (stdin still a terminal) it exits 64 with the hint")
    func stdoutNotATerminal() async throws {
        let home = try TemporaryHome(prefix: "verbumcare-app")
        let binary = try BinaryRunner.locate("verbumcare-tui")
        let output = home.path + "/out.txt"
        let session = try await TmuxSession.start(
            executable: "/bin/sh", arguments: ["-c", #"exec "$0" --home "$1" > "$2""#, binary, home.path, output],
            environment: ["LANG": "en_US.UTF-8"])
        defer { session.close() }
        #expect(try await session.waitForExit() == 64)
        let screen = Screen(try await session.capture())
        #expect(screen.containsSquashed(try Catalog("en").text("cli.not_a_terminal")), "\(screen)")
        #expect(try await session.alternateScreenOn() == false)
        #expect(session.terminalSettingsBefore == session.terminalSettingsAfter)
    }
}
