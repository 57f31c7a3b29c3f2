import Localization
import AppCore
import SettingsUI
import TerminalRendering
import Testing

/// Issue 27 item 2, on the test screen through the one reducer, in the three languages: `i`
/// with no token opens "Sign in to {server}" (never "your session ended"); after a sign-in the
/// name is offered again; only a refused token makes the dialog say the session ended.
@Suite("Sign-in dialog: a first sign-in is a sign-in")
struct SignInDialogWordsTests {
    static func frame(_ settings: SettingsState, _ ui: ScreenState) -> String {
        let model = ScreenModel(state: AppState(settings: settings, screen: ui), now: Fixtures.now, clock: Fixtures.clock)
        return ScreenRenderer.render(model, width: 120, height: 40).buffer.textDump()
    }

    /// The frame's text with line breaks and runs of spaces as one space (a wrapped sentence
    /// reads as one).
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" }).joined(separator: " ")
    }

    static func contains(_ frame: String, _ sentence: String) -> Bool {
        let squeezed = words(frame)
        let wanted = words(sentence)
        // CJK sentences wrap without spaces: compare with spaces taken out too.
        return squeezed.contains(wanted)
            || squeezed.replacing(" ", with: "").contains(wanted.replacing(" ", with: ""))
    }

    @Test("i, sign in, i again, then a refused token", arguments: AppLanguage.allCases)
    func story(language: AppLanguage) {
        let text = Localizer(language: language)
        var settings = Fixtures.connected(language)
        settings.connectivity.isActive = true
        var ui = ScreenState(settings: settings)
        let server = ServerNames.name(Fixtures.server("pn51"), localizer: text)
        let ended = text.text("dialog.login.explain", ["server": server])
        let first = text.text("dialog.login.explain_first", ["server": server])

        Fixtures.press([.character("i")], &ui, &settings)
        var screen = Self.frame(settings, ui)
        #expect(Self.contains(screen, text.text("dialog.login.title", ["server": server])), "\(screen)")
        #expect(Self.contains(screen, first), "\(screen)")
        #expect(!Self.contains(screen, ended), "no token ever existed: nothing ended\n\(screen)")

        Fixtures.press(Fixtures.type("nurse.tanaka"), &ui, &settings)
        Fixtures.deliver(.signedIn(serverId: "pn51", username: "nurse.tanaka", at: Fixtures.now), &ui, &settings)
        #expect(settings.loginRequest == nil)

        Fixtures.press([.character("i")], &ui, &settings)
        screen = Self.frame(settings, ui)
        #expect(screen.contains("nurse.tanaka"), "the last user name is offered again\n\(screen)")
        #expect(!Self.contains(screen, ended), "\(screen)")

        Fixtures.press([.escape], &ui, &settings)
        #expect(settings.loginRequest == nil)
        Fixtures.deliver(.signInRequested(serverId: "pn51", sessionEnded: true, at: Fixtures.now), &ui, &settings)
        screen = Self.frame(settings, ui)
        #expect(Self.contains(screen, ended), "a refused token: the session ended\n\(screen)")
        #expect(screen.contains("nurse.tanaka"), "\(screen)")
    }
}
