import PropertyBased
import SettingsStore
import Testing

/// The one sanitizer, over random strings that mix printable text in several scripts with
/// every character and sequence it must take out.
@Suite("Text sanitizer properties")
struct TextSanitizerPropertyTests {
    /// Every code point the sanitizer must not let through: the C0 and C1 controls and DEL,
    /// every code point of general category Cf and every default-ignorable one (enumerated
    /// over all of Unicode, so a newer table brings its new ones in), the variation selectors,
    /// U+180E, U+034F and the tag characters, whatever the tables say of them, and the line
    /// and paragraph separators.
    static let listed: [Unicode.Scalar] = {
        var values: [UInt32] = Array(0x00...0x1F) + Array(0x7F...0x9F)
        values += [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        values += Array(0x200B...0x200D) + [0x2060, 0xFEFF, 0x00AD] + Array(0xE0000...0xE007F)
        values += Array(0x2061...0x2064) + [0x180E, 0x034F] + Array(0xFE00...0xFE0F) + Array(0xE0100...0xE01EF)
        values += [0x2028, 0x2029]
        values += formatOrIgnorable.map(\.value)
        return Set(values).sorted().compactMap(Unicode.Scalar.init)
    }()

    /// Every scalar of Unicode whose general category is Cf or that is default-ignorable.
    static let formatOrIgnorable: [Unicode.Scalar] = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
        $0.properties.generalCategory == .format || $0.properties.isDefaultIgnorableCodePoint
    }

    /// The listed characters that stand alone: not the white space that becomes a space, not
    /// the characters that start an escape sequence (which swallows what follows).
    static let hidden: [Unicode.Scalar] = listed.filter {
        ![0x09, 0x0A, 0x0D, 0x1B, 0x9B, 0x9D, 0x90, 0x98, 0x9E, 0x9F, 0x2028, 0x2029].contains($0.value)
    }

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

    @Test func theEnumerationFindsTheCategories() {
        // A table that lost its Cf characters would make every test here pass vacuously.
        #expect(Self.formatOrIgnorable.count > 4000)
        for value: UInt32 in [0x200B, 0x180E, 0x034F, 0xFEFF, 0x00AD, 0xE0001, 0xFE0F, 0xE01EF, 0x2066] {
            #expect(Self.hidden.contains { $0.value == value }, "U+\(String(value, radix: 16))")
        }
    }

    /// Every code point of the categories, alone between two letters, is marked with one
    /// `�` and nothing of it is left.
    @Test func everyHiddenCodePointIsMarked() {
        var wrong: [String] = []
        for scalar in Self.hidden {
            var text = "a"
            text.unicodeScalars.append(scalar)
            text += "b"
            let clean = TextSanitizer.clean(text)
            if !clean.unicodeScalars.elementsEqual("a\u{FFFD}b".unicodeScalars) {
                wrong.append("\(TextSanitizer.notation(scalar)) → \(clean.unicodeScalars.map(TextSanitizer.notation))")
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(20))")
    }

    @Test func noListedCodePointSurvives() async {
        await propertyCheck(count: 500, input: Self.mixed) { text in
            let clean = TextSanitizer.clean(text)
            #expect(!clean.unicodeScalars.contains { Self.listed.contains($0) }, "\(text.debugDescription) → \(clean.debugDescription)")
            #expect(TextSanitizer.clean(clean) == clean, "idempotent")
        }
    }

    /// Random mixes of ASCII and hidden characters: nothing hidden survives, each run of them
    /// leaves exactly one `�`, and the ASCII is left in place.
    ///
    /// The input is a list of pieces that shrinks (fewer pieces, then pieces nearer the front
    /// of the list, which are ASCII): a failure is reported as the shortest string that fails.
    @Test func hiddenCharactersAmongASCIILeaveOneMarkPerRun() async {
        let ascii = ["a", "b", "3", ".", "-", " "]
        let pieces = ascii + Self.hidden.map { String($0) }
        let asciiAndHidden = Gen.int(in: 0...(pieces.count - 1)).map { pieces[$0] }.array(of: 0...40)
        await propertyCheck(count: 300, input: asciiAndHidden) { pieces in
            var expected = ""
            var inRun = false
            for piece in pieces {
                if !ascii.contains(piece) {
                    if !inRun { expected += "\u{FFFD}" }
                    inRun = true
                } else {
                    expected += piece
                    inRun = false
                }
            }
            let clean = TextSanitizer.clean(pieces.joined())
            #expect(clean.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(pieces) → \(clean.debugDescription)")
            #expect(!clean.unicodeScalars.contains(where: TextSanitizer.isHidden))
        }
    }

    @Test func printableTextIsUnchanged() async {
        await propertyCheck(count: 500, input: Self.plain) { text in
            #expect(TextSanitizer.clean(text) == text)
        }
    }

    /// A name with a hidden character never reads as the name without it.
    @Test func aHostWithAHiddenCharacterDoesNotReadAsAnotherHost() {
        let clean = TextSanitizer.clean("ward\u{200B}3.example.org")
        #expect(clean != "ward3.example.org")
        #expect(clean == "ward\u{FFFD}3.example.org")
    }

    @Test func notationNamesTheCodePoint() {
        #expect(TextSanitizer.notation("\u{200B}") == "U+200B")
        #expect(TextSanitizer.notation("\u{AD}") == "U+00AD")
        #expect(TextSanitizer.notation("\u{E0001}") == "U+E0001")
        #expect(TextSanitizer.notation("\u{0}") == "U+0000")
    }

    @Test func lineBreaksCanBeKeptForMultiLineOutput() {
        #expect(TextSanitizer.clean("a\nb\u{2028}c\u{1B}[2Jd", keepingLineBreaks: true) == "a\nb cd")
        #expect(TextSanitizer.clean("a\nb") == "a b")
    }
}
