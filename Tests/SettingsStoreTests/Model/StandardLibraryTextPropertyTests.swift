import Foundation
import PropertyBased
import SettingsStore
import Testing

/// The app's process does without Foundation, so it formats numbers and trims text with its
/// own functions. They must print exactly what the Foundation calls they replace printed
/// (this test target may use Foundation: it is not the app).
@Suite("Text without Foundation")
struct StandardLibraryTextPropertyTests {
    /// Doubles of every kind: whole and fractional, tiny, huge, subnormal, exact ties of
    /// the last decimal (k / 2^n), any bit pattern.
    static let doubles = Generator { rng -> Double in
        let value: Double
        switch Int.random(in: 0...6, using: &rng) {
        case 0: value = Double(Int.random(in: 0...5_000_000, using: &rng)) / 1000 // milliseconds as the checks give them
        case 1: value = Double(Int.random(in: 0...(1 << 20), using: &rng)) / Double(1 << Int.random(in: 0...30, using: &rng))
        case 2: value = Double.random(in: 0..<1, using: &rng) * pow(10, Double(Int.random(in: -12...20, using: &rng)))
        case 3: value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
        case 4: value = Double(Int.random(in: 0...(1 << 53), using: &rng)) * pow(2, Double(Int.random(in: 0...200, using: &rng)))
        case 5: value = Double.leastNonzeroMagnitude * Double(Int.random(in: 1...1000, using: &rng))
        default: value = [0.0, -0.0, 0.5, 1.5, 2.5, 0.0000005, 0.0000015, 1e15, 1e16 + 2, .infinity, -.infinity, .nan,
                          Double.greatestFiniteMagnitude].randomElement(using: &rng) ?? 0
        }
        return Bool.random(using: &rng) ? -value : value
    }

    @Test func fixedDecimalsPrintWhatPrintfPrints() async {
        await propertyCheck(count: 2000, input: Self.doubles, Gen.int(in: 0...9)) { value, digits in
            let expected = String(format: "%.\(digits)f", value)
            #expect(FixedDecimal.text(value, digits: digits) == expected, "\(value) with \(digits) decimals")
        }
    }

    static let blankOrNot: [String] = [" ", "\t", "\u{3000}", "\u{A0}", "\u{2003}", "\n", "\r\n", "\u{2028}", "\u{0B}",
                                       "\u{85}", "a", "10", "é", "日本", "x y", "-", "\u{200B}", "\u{180E}", "\u{FEFF}",
                                       "\u{2060}", "\u{301}", "\u{202F}", "\u{205F}", "\u{1680}"]

    static let padded = Generator { rng -> String in
        (0..<Int.random(in: 0...8, using: &rng)).map { _ in blankOrNot.randomElement(using: &rng) ?? " " }.joined()
    }

    @Test func blanksAreWhatFoundationCallsWhitespaces() async {
        await propertyCheck(count: 500, input: Self.padded) { text in
            #expect(text.trimmingBlanks == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }
}
