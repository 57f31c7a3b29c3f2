import TestSupport
import PropertyBased
@testable import SettingsUI
import Testing

/// The uptime row's parts are cut by comparing bytes (`ServerPanelView.pieces`): for the texts
/// the row is made of, the pieces `split(separator:)` gives, empty ones included.
@Suite("Uptime pieces")
struct UptimePiecesTests {
    /// Words and figures as the uptime line has them, and bits of the separator on their own.
    static let parts = ["24 h 99.93 %", "30 d 99.99 % (coverage 12.50 %)", "p95 52 ms", "直近24時間 99.93 %", "30 日",
                        "p95 —", "", " ", "·", " ·", "· ", "a", "近 30 天 100.00 %"]

    static let texts = shrinking { rng -> String in
        let count = UIGen.int(0...6, &rng)
        var text = ""
        for index in 0..<count {
            if index > 0 { text += UIGen.int(0...3, &rng) == 0 ? " " : " · " }
            text += parts[UIGen.int(0...(parts.count - 1), &rng)]
        }
        return text
    }

    @Test("the pieces are split(separator:)'s, empty ones kept, in every language's uptime line")
    func sameAsSplit() async {
        await propertyCheck(count: 300, input: Self.texts) { text in
            let expected = text.split(separator: " · ", omittingEmptySubsequences: false).map(String.init)
            #expect(ServerPanelView.pieces(of: text, between: " · ") == expected, "\(text.debugDescription)")
        }
    }
}
