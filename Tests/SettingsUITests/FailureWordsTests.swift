import Localization
import AppCore
import SettingsUI
import TerminalRendering
import Testing

/// Issue 27 item 6 on the test screen, in the three languages: a check row says what a 5xx is
/// ("server error 502"), never only "failed"; the confirmation for an address whose test
/// failed says why it failed (a certificate for another name), never "did not answer".
@Suite("Failures say what they are")
struct FailureWordsTests {
    static func frame(_ settings: SettingsState, _ ui: ScreenState, width: Int = 160, height: Int = 50) -> String {
        let model = ScreenModel(state: AppState(settings: settings, screen: ui), now: Fixtures.now, clock: Fixtures.clock)
        return ScreenRenderer.render(model, width: width, height: height).buffer.textDump()
    }

    @Test("a check row says server error 502", arguments: AppLanguage.allCases)
    func serverError(language: AppLanguage) {
        let text = Localizer(language: language)
        let settings = Fixtures.error(language)
        let screen = Self.frame(settings, ScreenState(settings: settings))
        let words = text.text("error.http_status.server_short", ["status": "502"])
        let label = text.text("check.health")
        let row = screen.split(separator: "\n").first { $0.contains(label + " ") && $0.contains("502") }.map(String.init) ?? ""
        #expect(row.contains(words), "\(row)\n\(screen)")
        #expect(!row.contains(text.text("check.failed")), "\(row)")
    }

    /// What the dialog said before (the old catalog's words) for any failed test.
    static let noAnswer: [AppLanguage: String] = [.en: "did not answer", .ja: "応答がありません", .zhHant: "沒有回應"]

    @Test("the confirmation names a certificate for another name", arguments: AppLanguage.allCases)
    func wrongCertificateName(language: AppLanguage) throws {
        let text = Localizer(language: language)
        var settings = Fixtures.connected(language)
        // As UpdateTests does: open the pane, go past the servers to "add", Enter.
        var ui = ScreenState(settings: settings)
        Fixtures.press([.character("o")], &ui, &settings)
        Fixtures.press(Array(repeating: .down, count: settings.availableServers.count), &ui, &settings)
        Fixtures.press([.enter], &ui, &settings)
        let address = "https://ward9.example.org/api"
        Fixtures.press(Fixtures.type(address), &ui, &settings)
        Fixtures.press([.enter], &ui, &settings)
        let mismatch = ConnectivityError(code: .tlsHostname, message: "SSL: no alternative certificate subject name matches")
        Fixtures.deliver(.addressTested(address: address, summary: ServerProbeSummary(status: .error, error: mismatch),
                                        at: Fixtures.now), &ui, &settings)
        guard case .confirm = ui.overlay else {
            Issue.record("no confirmation dialog: \(ui.overlay)")
            return
        }
        let screen = Self.frame(settings, ui)
        let squeezed = screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" }).joined()
        let reason = text.text("error.tls_hostname.short").replacing(" ", with: "")
        #expect(squeezed.contains(reason), "\(screen)")
        #expect(!squeezed.contains(try #require(Self.noAnswer[language]).replacing(" ", with: "")), "\(screen)")
    }
}
