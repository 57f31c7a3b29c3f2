import AppCore
import Localization
@testable import SettingsUI
import Testing

/// SPEC §4 in the pane: a host typed in Unicode, or with the full stop a Japanese input method
/// writes, is taken as its A-labels, and the screen shows both forms.
@Suite("IDN in the pane")
struct IDNPaneTests {
    typealias F = Fixtures

    @Test("病院。example。jp typed in the address field shows the Unicode name and its A-labels", arguments: [false, true])
    func bothForms(plain: Bool) {
        var settings = F.connected(.en)
        var ui = UpdateTests.inAddressField(&settings)
        F.press(F.type("https://病院。example。jp/api"), &ui, &settings)
        #expect(ui.addressField.text == "https://病院.example.jp/api")
        #expect(ui.validation?.isValid == true)
        #expect(ui.validation?.normalizedAddress == "https://xn--0rys90e.example.jp/api")
        var model = ScreenModel(state: AppState(settings: settings, screen: ui), now: F.now)
        model.options.plain = plain
        let text = ScreenRenderer.render(model, width: 120, height: 40).buffer.textDump()
        #expect(text.contains("病院.example.jp") && text.contains("xn--0rys90e.example.jp"), "\(text)")
    }

    @Test("Tab accepts a suggestion and the Unicode name stays in the field", arguments: AppLanguage.allCases)
    func suggestionKeepsTheReadableForm(language: AppLanguage) {
        var settings = F.connected(language)
        var ui = UpdateTests.inAddressField(&settings)
        F.press(F.type("http://病院.example.jp"), &ui, &settings)
        #expect(ui.addressSuggestion == "https://病院.example.jp/api")
        F.press([.tab], &ui, &settings)
        #expect(ui.addressField.text == "https://病院.example.jp/api")
        #expect(ui.validation?.isValid == true)
        #expect(ui.validation?.normalizedAddress == "https://xn--0rys90e.example.jp/api", "the address kept is the A-label")
    }

    @Test("a custom internationalized server is named in both forms in the timeline, the history and a notice",
          arguments: AppLanguage.allCases)
    func bothFormsOnTheMainScreen(language: AppLanguage) {
        var settings = F.connected(language)
        settings.availableServers = ServerCatalog.availableServers(
            customAddresses: ["https://病院.example.jp/api"], connectionTimeoutSeconds: 10)
        let id = "custom-xn--0rys90e-example-jp"
        settings.timeline = [TimelineEntry(at: F.now - 5, kind: .switchFailed, serverId: id, durationMs: 10_004, code: .timeout)]
        settings.serverHistory = [ServerHistoryEntry(serverId: id, lastUsed: F.now - 5, successful: false, durationMs: 10_004)]
        let server = settings.availableServers[3]
        settings.notices = [Notice(subject: .server(id), kind: .error,
                                   message: ConnectivityMessages.unreachable(server, reason: F.timeout),
                                   condition: .untilDismissed, postedAt: F.now - 5)]
        let model = ScreenModel(state: AppState(settings: settings, screen: ScreenState(settings: settings)), now: F.now)
        let rows = ScreenRenderer.render(model, width: 200, height: 40).buffer.textDump().split(separator: "\n")
        let both = rows.filter { $0.contains("病院.example.jp") && $0.contains("xn--0rys90e.example.jp") }
        // The timeline's line and the notice; the history's narrow row names it in Unicode.
        #expect(both.count >= 2, "\(rows.joined(separator: "\n"))")
        #expect(rows.filter { $0.contains("病院.example.jp") }.count >= 3, "\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("xn--0rys90e") && !$0.contains("病院") }, "never the A-label alone")
    }
}
