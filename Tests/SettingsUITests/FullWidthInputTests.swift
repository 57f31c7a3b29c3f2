import TestSupport
import PropertyBased
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

/// docs/PRODUCT.md: Terminal behaviour: full-width ASCII typed into the address field (a Japanese input method left in
/// full-width mode) is read as its half-width form, and the pane says so in one line.
@Suite("Full-width input")
struct FullWidthInputTests {
    typealias F = Fixtures

    @Test("ｈｔｔｐｓ：／／… typed in the address field becomes https://… with a note; the CA bundle field keeps it")
    func addressFieldFolds() {
        var settings = F.connected(.ja)
        var ui = UpdateTests.inAddressField(&settings)
        F.press(F.type("ｈｔｔｐｓ：／／ｗａｒｄ４．ｅｘａｍｐｌｅ．ｏｒｇ／ａｐｉ"), &ui, &settings)
        #expect(ui.addressField.text == "https://ward4.example.org/api")
        #expect(ui.addressField.foldedFullWidth)
        #expect(ui.validation?.isValid == true)
        let frame = ScreenRenderer.render(ScreenModel(state: AppState(settings: settings, screen: ui), now: F.now), width: 100, height: 30)
        let note = UIText(settings: settings)("ui.pane.full_width_read")
        #expect(frame.buffer.textDump().contains(note), "\(frame.buffer.textDump())")

        // Cleared, the note goes with the text.
        F.press(Array(repeating: .backspace, count: 40), &ui, &settings)
        let empty = ScreenRenderer.render(ScreenModel(state: AppState(settings: settings, screen: ui), now: F.now), width: 100, height: 30)
        #expect(!empty.buffer.textDump().contains(note))

        var plain = TextField()
        plain.insert("ｈ")
        #expect(plain.text == "ｈ" && !plain.foldedFullWidth)
    }

    @Test("any printable ASCII typed full-width reads as itself; half-width text is untouched")
    func foldingProperty() async {
        let ascii = shrinking { rng in
            let count = UIGen.int(0...40, &rng)
            return String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(UIGen.int(0x21...0x7E, &rng)))) })
        }
        await propertyCheck(count: 200, input: ascii) { text in
            let wide = String(String.UnicodeScalarView(text.unicodeScalars.compactMap { Unicode.Scalar($0.value + 0xFEE0) }))
            var field = TextField.address()
            wide.forEach { field.insert($0) }
            #expect(field.text == text)
            #expect(field.foldedFullWidth == !text.isEmpty)
            #expect(TextField.halfWidth(text) == text)
        }
    }
}
