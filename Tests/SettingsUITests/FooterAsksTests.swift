import Localization
import AppCore
import SettingsUI
import TerminalRendering
import Testing

/// SPEC §10.1: the footer's first hint is what the screen asks for right now: `i sign in` when
/// a check says sign-in required, `s switch back` when offered; and it is the last to go when
/// the footer is short of room.
@Suite("Footer: what the screen asks for first")
struct FooterAsksTests {
    static func footer(_ settings: SettingsState, width: Int) -> String {
        let model = ScreenModel(state: AppState(settings: settings), now: Fixtures.now, clock: Fixtures.clock)
        let buffer = ScreenRenderer.render(model, width: width, height: 24).buffer
        return buffer.row(buffer.height - 1).map(\.content).joined()
    }

    /// The footer's text after the bottom-left corner, spaces squeezed.
    static func hints(_ row: String) -> String {
        row.drop { $0 == "└" || $0 == " " }.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test("a sign-in asked for leads the footer with i", arguments: AppLanguage.allCases)
    func signIn(language: AppLanguage) {
        var settings = Fixtures.connected(language)
        let pn51 = Fixtures.server("pn51")
        let refused = ConnectivityError(code: .authRequired, message: "401", parameters: ["status": "401"])
        let checks = settings.detailedStatus?.checks ?? []
        settings.detailedStatus?.checks = checks.map { check in
            check.endpoint == .auth ? Fixtures.check(.auth, pn51, http: 401, ms: 12, error: refused) : check
        }
        let word = Localizer(language: language).text("key.sign_in")
        for width in [60, 80, 120] {
            let row = Self.hints(Self.footer(settings, width: width))
            #expect(row.hasPrefix("i " + word.split(separator: " ").joined(separator: " ")), "\(width): \(row)")
        }
        // Signed in (no check asks), no i in the footer.
        var signedIn = settings
        signedIn.detailedStatus?.checks = checks.map { check in
            check.endpoint == .auth ? Fixtures.check(.auth, pn51, http: 200, ms: 12) : check
        }
        let plain = Self.hints(Self.footer(signedIn, width: 120))
        #expect(!plain.hasPrefix("i "), "\(plain)")
    }

    @Test("a switch back offered leads the footer with s", arguments: AppLanguage.allCases)
    func switchBack(language: AppLanguage) {
        let word = Localizer(language: language).text("key.switch_back")
        for width in [60, 80, 120] {
            let row = Self.hints(Self.footer(Fixtures.fallback(language), width: width))
            #expect(row.hasPrefix("s " + word.split(separator: " ").joined(separator: " ")), "\(width): \(row)")
        }
    }
}
