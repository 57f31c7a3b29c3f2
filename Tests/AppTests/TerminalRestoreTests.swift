import Foundation
import Testing
import TestSupport

/// docs/PRODUCT.md: Terminal behaviour: the alternate screen, and the terminal restored on every exit path.
@Suite(.serialized)
struct TerminalRestoreTests {
    @Test("q, F10 and Ctrl-C exit with 0 and restore the terminal", arguments: ["q", "F10", "C-c"])
    func quitKeysRestore(key: String) async throws {
        let app = try await AppFixture.start()
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        #expect(try await app.session.alternateScreenOn())
        try await app.session.sendKeys(key)
        #expect(try await app.session.waitForExit() == 0)
        try await expectRestored(app)
    }

    @Test("a signal that ends the app leaves the terminal as it was",
          arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGILL])
    func signalsRestore(signal: Int32) async throws {
        let app = try await AppFixture.start()
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        try await app.session.kill(signal)
        let status = try await app.session.waitForExit()
        // A crash handler restores the terminal and re-raises; an orderly quit after a signal
        // exits with the same status, so the shell always sees which signal ended the app.
        #expect(status == 128 + signal, "exit status \(status) after signal \(signal)")
        try await expectRestored(app)
    }

    @Test("Ctrl-Z suspends with the terminal restored; fg brings the screen back")
    func suspendAndResume() async throws {
        let app = try await AppFixture.start()
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        let pid = try await app.session.appPID()
        try await app.session.sendKeys("C-z")
        await Eventually.holds(within: .seconds(30)) { app.session.isSuspended }
        #expect(app.session.isSuspended && processState(pid) == "T", "the app stopped after Ctrl-Z")
        #expect(try await app.session.alternateScreenOn() == false, "the alternate screen is left while suspended")
        #expect(try await app.session.terminalSettingsNow() == app.session.terminalSettingsBefore,
                "the terminal modes are restored while suspended")
        try app.session.resume()
        let redrawn = try await app.waitForConnectedMainScreen("en")
        // A repaint racing the frames (ncurses' own SIGTSTP handler did that from the signal's
        // thread) clears the screen after the redraw and leaves only the cells that change later:
        // wait for the next frame drawn by difference ("N s ago" moves every second), then every
        // text that did not change must still be there.
        let settled = try await app.waitFor("a frame after the redraw") { $0.rows != redrawn.rows }
        let catalog = app.catalog("en")
        for text in [catalog.text("status.connected"), catalog.text("ui.panel.server"), catalog.text("ui.panel.language")] {
            #expect(settled.contains(text), "\(text) gone after fg:\n\(settled)")
        }
        #expect(try await app.session.alternateScreenOn())
        try await app.session.sendKeys("q")
        #expect(try await app.session.waitForExit() == 0)
        try await expectRestored(app)
    }

    /// The terminal after the app: the same `stty -g` as before it, the normal screen (the shell's text again,
    /// nothing of the app), the cursor visible, keypad and mouse modes off.
    private func expectRestored(_ app: AppFixture, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let before = app.session.terminalSettingsBefore
        let after = app.session.terminalSettingsAfter
        #expect(before != nil && before == after, "stty -g before \(before ?? "-") after \(after ?? "-")",
                sourceLocation: sourceLocation)
        #expect(try await app.session.alternateScreenOn() == false, "alternate screen still on",
                sourceLocation: sourceLocation)
        let screen = try await app.screen()
        #expect(!screen.contains(app.catalog("en").text("ui.panel.server")), "the app's screen remains:\n\(screen)",
                sourceLocation: sourceLocation)
        let flags = try await app.session.format("#{cursor_flag} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag}")
        #expect(flags == "1 0 0 0", "cursor visible, keypad and mouse off: \(flags)", sourceLocation: sourceLocation)
    }

    private func processState(_ pid: pid_t) -> Character? {
        guard let data = ProcFile.data("/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.range(of: ") ", options: .backwards) else { return nil }
        return text[close.upperBound...].first
    }
}
