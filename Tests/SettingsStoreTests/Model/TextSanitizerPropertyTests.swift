import PropertyBased
import SettingsStore
import Testing

/// The one sanitizer, over random strings that mix printable text in several scripts with
/// every character and sequence it must remove.
@Suite("Text sanitizer properties")
struct TextSanitizerPropertyTests {
    /// Every code point the sanitizer must not let through.
    static let listed: [Unicode.Scalar] = {
        var values: [UInt32] = Array(0x00...0x1F) + Array(0x7F...0x9F)
        values += [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        values += Array(0x200B...0x200D) + [0x2060, 0xFEFF, 0x00AD] + Array(0xE0000...0xE007F)
        values += [0x2028, 0x2029]
        return values.compactMap(Unicode.Scalar.init)
    }()

    /// Printable pieces: ASCII, accents, Japanese, Traditional Chinese, emoji, combining marks.
    static let printable: [String] = [
        "a", "Z", "0", " ", "~", "/", "é", "ü", "サ", "ー", "日本語", "設定", "伺服器", "😀", "👍🏽", "e\u{301}", "ｈ", "…", "—",
    ]

    /// Whole escape sequences, as hostile servers and files send them.
    static let sequences: [String] = [
        "\u{1B}]0;title\u{07}", "\u{1B}]52;c;aGVsbG8=\u{1B}\\", "\u{1B}[31m", "\u{1B}[2J", "\u{1B}[?1049h",
        "\u{1B}P1$r0m\u{1B}\\", "\u{1B}_apc\u{9C}", "\u{9B}1;2H", "\u{9D}8;;https://evil\u{9C}", "\u{1B}(0", "\u{1B}7",
    ]

    static let mixed = Generator { rng -> String in
        var text = ""
        for _ in 0..<Int.random(in: 0...40, using: &rng) {
            switch Int.random(in: 0...3, using: &rng) {
            case 0: text.unicodeScalars.append(listed.randomElement(using: &rng) ?? "\u{1B}")
            case 1: text += sequences.randomElement(using: &rng) ?? ""
            default: text += printable.randomElement(using: &rng) ?? "a"
            }
        }
        return text
    }

    static let plain = Generator { rng -> String in
        (0..<Int.random(in: 0...30, using: &rng)).map { _ in printable.randomElement(using: &rng) ?? "a" }.joined()
    }

    @Test func noListedCodePointSurvives() async {
        await propertyCheck(count: 500, input: Self.mixed) { text in
            let clean = TextSanitizer.clean(text)
            #expect(!clean.unicodeScalars.contains { Self.listed.contains($0) }, "\(text.debugDescription) → \(clean.debugDescription)")
            #expect(TextSanitizer.clean(clean) == clean, "idempotent")
        }
    }

    @Test func printableTextIsUnchanged() async {
        await propertyCheck(count: 500, input: Self.plain) { text in
            #expect(TextSanitizer.clean(text) == text)
        }
    }

    /// Single invisible or bidi characters between printable pieces vanish and leave the
    /// printable text exactly as it was.
    @Test func invisibleCharactersVanishWithoutATrace() async {
        let invisible = Self.listed.filter { ![0x09, 0x0A, 0x0D, 0x1B, 0x9B, 0x9D, 0x90, 0x98, 0x9E, 0x9F, 0x2028, 0x2029].contains($0.value) }
        let pairs = Generator { rng -> (String, String) in
            var dirty = "", clean = ""
            for _ in 0..<Int.random(in: 0...30, using: &rng) {
                if Bool.random(using: &rng) {
                    dirty.unicodeScalars.append(invisible.randomElement(using: &rng) ?? "\u{200B}")
                } else {
                    let piece = Self.printable.randomElement(using: &rng) ?? "a"
                    dirty += piece
                    clean += piece
                }
            }
            return (dirty, clean)
        }
        await propertyCheck(count: 500, input: pairs) { pair in
            #expect(TextSanitizer.clean(pair.0).unicodeScalars.elementsEqual(pair.1.unicodeScalars))
        }
    }

    @Test func lineBreaksCanBeKeptForMultiLineOutput() {
        #expect(TextSanitizer.clean("a\nb\u{2028}c\u{1B}[2Jd", keepingLineBreaks: true) == "a\nb cd")
        #expect(TextSanitizer.clean("a\nb") == "a b")
    }
}
