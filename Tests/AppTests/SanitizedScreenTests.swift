import Foundation
import Testing
import TestSupport

/// docs/FILES-AND-SECRETS.md: One sanitizer, end to end in the real app: a server whose error
/// messages carry escape sequences, a bidi override, U+180E, U+034F, U+200B, a variation
/// selector and a tag (the demo's `escape_error`), and an address typed with U+180E and U+034F
/// in it. None of them reaches the terminal or the log; the address is refused with the
/// characters named.
@Suite(.serialized)
struct SanitizedScreenTests {
    /// Format characters, default-ignorable ones, U+180E and the C1 controls.
    static func invisible(_ s: Unicode.Scalar) -> Bool {
        s.properties.generalCategory == .format || s.properties.isDefaultIgnorableCodePoint || s.value == 0x180E
            || (0x7F...0x9F).contains(s.value)
    }

    @Test("a hostile server and an address with invisible characters: nothing invisible on the screen or in the log")
    func nothingInvisibleReachesTheTerminal() async throws {
        var options = AppFixture.Options()
        options.initialModes = ["pn51": "escape_error"]
        options.settings = [("enable_detailed_logging", "true")]
        let app = try await AppFixture.start(options)
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitFor("pn51 in error") { $0.contains(en.text("status.error")) }
        try await app.session.sendKeys("o")
        try await app.waitFor("the pane") { $0.contains(en.text("ui.pane.add_custom")) }
        try await app.moveFocus(with: "Down", to: "Add Custom Server...") { $0.contains(en.text("ui.pane.add_custom")) }
        try await app.session.sendKeys("Enter")
        try await app.waitFor("the address field") { $0.contains(en.text("ui.pane.custom_address")) }
        try await app.session.type("https://ward\u{180E}3\u{34F}.example.org/api")
        let refused = try await app.waitFor("the address refused, its characters named") { $0.contains("U+180E, U+034F") }
        #expect(refused.contains("https://ward\u{FFFD}"), "the field marks what does not show:\n\(refused)")
        let raw = try await app.session.capture(escapes: true).joined(separator: "\n")
        let shown = raw.unicodeScalars.filter(Self.invisible).map { String($0.value, radix: 16) }
        #expect(shown.isEmpty, "invisible characters on the screen: \(shown)\n\(refused)")
        #expect(!raw.contains("PWNED") && !raw.contains("\u{1B}]"), "an escape sequence of the server reached the screen")

        let log = String(decoding: app.home.read(app.home.stateDirectory + "/verbumcare-tui.log") ?? Data(), as: UTF8.self)
        let logged = log.unicodeScalars.filter { Self.invisible($0) || $0.value == 0x1B }.map { String($0.value, radix: 16) }
        #expect(logged.isEmpty, "invisible characters in the log: \(logged)")
    }
}
