import AppCore
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
}
