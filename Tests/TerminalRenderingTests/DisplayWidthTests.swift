import PropertyBased
import Testing
@testable import TerminalRendering

@Suite struct DisplayWidthTests {
    static let narrow = DisplayWidth(options: .standard)
    static let wide = DisplayWidth(options: .ambiguousWide)

    /// (code point, width by default, width with VERBUMCARE_AMBIGUOUS_WIDE=1)
    static let knownScalars: [(UInt32, Int, Int)] = [
        (0x41, 1, 1),          // A
        (0x07, 0, 0),          // BEL
        (0x7F, 0, 0),          // DEL
        (0x85, 0, 0),          // C1 NEL
        (0x2028, 0, 0),        // line separator
        (0xE7, 1, 1),          // ç
        (0xE9, 1, 2),          // é is ambiguous in East Asian Width
        (0x4E00, 2, 2),        // 一
        (0x3400, 2, 2),        // CJK extension A
        (0x20000, 2, 2),       // 𠀀 extension B
        (0x2FFFD, 2, 2),       // unassigned, defaults to Wide
        (0x3042, 2, 2),        // あ
        (0x30B5, 2, 2),        // サ
        (0x30FC, 2, 2),        // ー
        (0xFF76, 1, 1),        // ｶ halfwidth katakana
        (0xAC00, 2, 2),        // 가
        (0x1100, 2, 2),        // Hangul choseong
        (0xFF21, 2, 2),        // Ａ fullwidth
        (0x3000, 2, 2),        // ideographic space
        (0x0301, 0, 0),        // combining acute
        (0x20DD, 0, 0),        // enclosing circle
        (0x200B, 0, 0),        // zero width space
        (0x200D, 0, 0),        // ZWJ
        (0xFE0F, 0, 0),        // VS16
        (0xE0061, 0, 0),       // tag
        (0x00AD, 1, 2),        // soft hyphen stays visible
        (0x00B7, 1, 2),        // ·
        (0x2026, 1, 2),        // …
        (0x2500, 1, 2),        // ─
        (0x250C, 1, 2),        // ┌
        (0x25CF, 1, 2),        // ●
        (0x25CB, 1, 2),        // ○
        (0x2191, 1, 2),        // ↑
        (0x2193, 1, 2),        // ↓
        (0x2581, 1, 2),        // ▁
        (0x2713, 1, 1),        // ✓ neutral
        (0x2764, 1, 1),        // ❤ text by default
        (0x231A, 2, 2),        // ⌚ emoji presentation
        (0x1F600, 2, 2),       // 😀
        (0x1F1EF, 2, 2),       // regional indicator J
        (0x1F3FD, 2, 2),       // skin tone modifier
    ]

    @Test func knownCodePoints() throws {
        for (value, standard, ambiguousWide) in Self.knownScalars {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(Self.narrow.width(of: scalar) == standard, "U+\(String(value, radix: 16, uppercase: true))")
            #expect(Self.wide.width(of: scalar) == ambiguousWide, "U+\(String(value, radix: 16, uppercase: true)) wide")
        }
    }

    @Test(arguments: [
        ("❤\u{FE0F}", 2, 2),                          // VS16 asks for emoji
        ("⌚\u{FE0E}", 1, 1),                          // VS15 asks for text
        ("↔\u{FE0F}", 2, 2),                           // ambiguous base with VS16
        ("↔\u{FE0E}", 1, 2),                           // ambiguous base with VS15 keeps its width
        ("A\u{FE0F}", 1, 1),                           // no emoji variation for A
        ("1\u{FE0F}\u{20E3}", 2, 2),                   // keycap
        ("👨\u{200D}👩\u{200D}👧", 2, 2),                // ZWJ family
        ("🏳\u{FE0F}\u{200D}🌈", 2, 2),                 // rainbow flag
        ("🇯🇵", 2, 2),                                  // flag pair
        ("👍🏽", 2, 2),                                  // modifier sequence
        ("e\u{301}", 1, 1),
        ("\u{1100}\u{1161}", 2, 2),                    // conjoining jamo
        ("\r\n", 0, 0),
        ("\u{301}", 0, 0),                             // stray mark
        ("\u{200B}", 0, 0),
    ] as [(String, Int, Int)])
    func clusterWidths(text: String, standard: Int, ambiguousWide: Int) {
        #expect(text.count == 1)
        let character = Character(text)
        #expect(Self.narrow.width(of: character) == standard)
        #expect(Self.wide.width(of: character) == ambiguousWide)
    }

    @Test func stringWidths() {
        #expect(Self.narrow.width(of: "") == 0)
        #expect(Self.narrow.width(of: "Settings") == 8)
        #expect(Self.narrow.width(of: "a\u{7}b\tc") == 3)
        #expect(Self.narrow.width(of: "設定") == 4)
        #expect(Self.narrow.width(of: "● 接続済み · pn51") == 17)
        #expect(Self.wide.width(of: "● 接続済み · pn51") == 19)
        #expect(Self.narrow.width(of: "Substring"[...].dropFirst(3)) == 6)
    }

    @Test func truncation() {
        let m = Self.narrow
        #expect(m.truncate("Settings", toWidth: 8) == "Settings")
        #expect(m.truncate("Settings", toWidth: 5) == "Sett…")
        #expect(m.truncate("サーバー設定", toWidth: 6) == "サー…")
        #expect(m.truncate("サーバー設定", toWidth: 5) == "サー…")
        #expect(m.truncate("サーバー設定", toWidth: 4) == "サ…")
        #expect(m.truncate("サーバー設定", toWidth: 1) == "…")
        #expect(m.truncate("abc", toWidth: 0) == "")
        #expect(m.truncate("abcdef", toWidth: 4, ellipsis: "...") == "a...")
        #expect(m.truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
        // Ambiguous-wide: the ellipsis itself takes two cells.
        #expect(Self.wide.truncate("abcdef", toWidth: 4) == "ab…")
        #expect(Self.wide.truncate("abcdef", toWidth: 1) == "a")
        #expect(Self.wide.truncate("日本語", toWidth: 1) == "")
    }

    @Test func padAndFit() {
        let m = Self.narrow
        #expect(m.pad("日本", toWidth: 6) == "日本  ")
        #expect(m.pad("日本", toWidth: 6, alignment: .right) == "  日本")
        #expect(m.pad("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(m.pad("abcdef", toWidth: 3) == "abcdef")
        #expect(m.fit("日本語", toWidth: 4) == "日… ")
        #expect(m.fit("日本語", toWidth: 7) == "日本語 ")
        #expect(m.fit("x", toWidth: 3, alignment: .right) == "  x")
    }

    @Test func tableIsSortedAndCoversEverything() {
        let entries = WidthTable.entries
        #expect(entries.first.map { $0 >> 8 } == 0)
        for index in entries.indices.dropFirst() {
            #expect(entries[index] >> 8 > entries[index - 1] >> 8)
            #expect(entries[index] & 0xFF != entries[index - 1] & 0xFF, "neighbouring entries merge")
        }
        #expect((entries.last ?? 0) >> 8 <= 0x10FFFF)
        #expect(DisplayWidth.unicodeVersion.hasPrefix("15."))
    }

    @Test func fastPathsAgreeWithTheTable() throws {
        for range in [0x00...0x7F, 0x3000...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3] as [ClosedRange<UInt32>] {
            for value in range {
                let scalar = try #require(Unicode.Scalar(value))
                #expect(WidthClass.of(scalar) == WidthClass.lookup(value), "U+\(String(value, radix: 16))")
            }
        }
    }

    /// The scalar-by-scalar fast path is right only if each scalar it accepts is a cluster of its
    /// own beside any other it accepts, and measures as that cluster.
    @Test func loneScalarsAreClustersOfTheirOwn() throws {
        let neighbours: [Unicode.Scalar] = ["a", "\r", "日", "─", "ｶ", "가", "é", "ー", "\u{AD}"]
        for metrics in [Self.narrow, Self.wide] {
            for value in UInt32(0)...0xFFFF {
                guard let scalar = Unicode.Scalar(value), let lone = metrics.loneWidth(scalar) else { continue }
                #expect(lone == metrics.width(of: Character(scalar)), "U+\(String(value, radix: 16))")
                // CR LF is one cluster, but of width 0 like each of its scalars, and never drawn.
                for neighbour in neighbours where !(value == 0x0A && neighbour == "\r") && !(value == 0x0D) {
                    let pair = String(scalar) + String(neighbour)
                    let reversed = String(neighbour) + String(scalar)
                    #expect(pair.count == 2 && reversed.count == 2, "U+\(String(value, radix: 16)) beside \(neighbour)")
                }
            }
        }
    }

    // MARK: - Properties

    @Test func widthIsSumOfClusterWidths() async {
        await propertyCheck(count: 300, input: zip(TextSamples.text(from: TextSamples.everything), TextSamples.options)) {
            text, options in
            let metrics = DisplayWidth(options: options)
            let sum = text.reduce(0) { $0 + metrics.width(of: $1) }
            #expect(metrics.width(of: text) == sum)
            for character in text {
                let width = metrics.width(of: character)
                #expect((0...2).contains(width))
                let visible = character.unicodeScalars.contains { WidthClass.of($0).isVisible }
                #expect((width > 0) == visible, "\(character.unicodeScalars.map { $0.value })")
            }
        }
    }

    @Test func asciiFastPathAgreesWithClusters() async {
        let gen = Generator { rng in
            String((0..<Int.random(in: 0...40, using: &rng)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &rng)))
            })
        }
        await propertyCheck(count: 200, input: gen) { text in
            let metrics = DisplayWidth.standard
            #expect(metrics.width(of: text) == text.reduce(0) { $0 + metrics.width(of: $1) })
        }
    }

    @Test func truncateFitsAndIsAPrefix() async {
        let ellipses = Gen.element(of: ["…", "...", "›", ""]).map { $0 ?? "…" }
        let input = zip(TextSamples.text(from: TextSamples.everything), Gen.int(in: 0...30), ellipses, TextSamples.options)
        await propertyCheck(count: 300, input: input) { text, limit, ellipsis, options in
            let metrics = DisplayWidth(options: options)
            let result = metrics.truncate(text, toWidth: limit, ellipsis: ellipsis)
            #expect(metrics.width(of: result) <= limit)
            if metrics.width(of: text) <= limit {
                #expect(result == text || limit == 0)
                return
            }
            let ellipsisFits = metrics.width(of: ellipsis) <= limit
            var kept = Array(result)
            if ellipsisFits && !ellipsis.isEmpty {
                #expect(result.hasSuffix(ellipsis))
                kept = Array(result.dropLast(ellipsis.count))
            }
            let original = Array(text)
            #expect(original.starts(with: kept), "not a prefix at cluster boundaries")
            // Maximal: the next cluster would not have fitted (width 0 asks for nothing at all).
            let room = ellipsisFits ? limit - metrics.width(of: ellipsis) : limit
            if limit > 0 && kept.count < original.count {
                #expect(metrics.width(of: String(kept)) + metrics.width(of: original[kept.count]) > room)
            }
        }
    }

    @Test func fitIsExact() async {
        let input = zip(TextSamples.text(from: TextSamples.everything), Gen.int(in: 0...30), TextSamples.options)
        await propertyCheck(count: 200, input: input) { text, target, options in
            let metrics = DisplayWidth(options: options)
            for alignment in [TextAlignment.left, .center, .right] {
                #expect(metrics.width(of: metrics.fit(text, toWidth: target, alignment: alignment)) == target)
            }
        }
    }

    @Test func lineTruncationMatchesStringTruncation() async {
        let input = zip(TextSamples.text(from: TextSamples.drawable, maxPieces: 8),
                        TextSamples.text(from: TextSamples.drawable, maxPieces: 8),
                        Gen.int(in: 0...30), TextSamples.options)
        await propertyCheck(count: 200, input: input) { first, second, limit, options in
            let metrics = DisplayWidth(options: options)
            let line = Line([Span(first, style: .bold), Span(second)])
            let truncated = line.truncated(toWidth: limit, metrics: metrics)
            #expect(truncated.width(metrics) <= limit)
            // Same cut as truncating the plain text, unless clusters merge across the span boundary.
            if (first + second).count == first.count + second.count {
                #expect(truncated.text == metrics.truncate(first + second, toWidth: limit))
            }
        }
    }
}
