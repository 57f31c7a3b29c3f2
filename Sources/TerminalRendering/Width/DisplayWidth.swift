/// Terminal display width of text, per extended grapheme cluster (Swift's `Character`),
/// from the generated Unicode table: never `wcwidth`, never the process locale.
///
/// Width of one cluster:
/// - ASCII: printable 1, controls 0.
/// - Otherwise the cluster's *base* is its first scalar that is neither zero-width
///   (general category Mn, Me, Cf: combining marks, ZWJ, ZWSP, variation selectors, tags)
///   nor a control (Cc, Zl, Zp). No base: width 0 (a stray combining mark, a control, ZWSP);
///   such clusters are never drawn.
/// - The base's East Asian Width decides: W and F are 2, A is 1 (2 with `ambiguousIsWide`),
///   everything else 1. Emoji_Presentation scalars are 2 (this covers regional indicators, so a
///   flag pair and a lone indicator are both 2, and ZWJ sequences take their first emoji's width).
/// - If the base has an emoji variation sequence: U+FE0F (VS16) makes the cluster 2 (`❤️`, `1️⃣`);
///   U+FE0E (VS15) makes a wide emoji 1 (text presentation) and leaves others as they are.
/// - U+00AD SOFT HYPHEN is visible and ambiguous, as terminals draw it.
public struct DisplayWidth: Hashable, Sendable {
    public var options: WidthOptions

    public init(options: WidthOptions = .standard) {
        self.options = options
    }

    public static let standard = DisplayWidth()

    /// The Unicode version the width table was generated from.
    public static var unicodeVersion: String { WidthTable.unicodeVersion }

    /// Width of a scalar standing alone: 0, 1 or 2.
    public func width(of scalar: Unicode.Scalar) -> Int {
        width(base: WidthClass.of(scalar), variation: nil)
    }

    public func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        // `Character.asciiValue` would compare with "\r\n" first, a slow string comparison
        // for every non-ASCII character.
        if let first = scalars.first, first.isASCII, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return first.value >= 0x20 && first.value != 0x7F ? 1 : 0
        }
        var base: WidthClass?
        var variation: Unicode.Scalar?
        for scalar in scalars {
            if scalar.value == 0xFE0F || scalar.value == 0xFE0E {
                variation = variation ?? scalar
            } else if base == nil {
                let candidate = WidthClass.of(scalar)
                if candidate.isVisible {
                    base = candidate
                }
            }
        }
        guard let base else { return 0 }
        return width(base: base, variation: variation)
    }

    public func width(of text: some StringProtocol) -> Int {
        if let ascii = asciiWidth(of: text) {
            return ascii
        }
        if let lone = loneScalarsWidth(of: text) {
            return lone
        }
        var total = 0
        for character in text {
            total += width(of: character)
        }
        return total
    }

    /// The longest prefix of `text`, cut at a cluster boundary, whose width is at most `limit`,
    /// and its width.
    public func prefix(of text: some StringProtocol, fitting limit: Int) -> (text: Substring, width: Int) {
        let whole = Substring(text)
        guard limit >= 0 else { return (whole.prefix(0), 0) }
        if let lone = lonePrefix(of: whole, fitting: limit) {
            return lone
        }
        var used = 0
        var end = whole.startIndex
        for index in whole.indices {
            let characterWidth = width(of: whole[index])
            if used + characterWidth > limit { break }
            used += characterWidth
            end = whole.index(after: index)
        }
        return (whole[whole.startIndex..<end], used)
    }

    /// `text` if it fits in `limit` columns; otherwise its longest prefix that fits together with
    /// `ellipsis`, followed by `ellipsis`. If not even the ellipsis fits, as much of `text` as fits.
    /// Cuts only at cluster boundaries, so a double-width character is never split.
    public func truncate(_ text: String, toWidth limit: Int, ellipsis: String = "…") -> String {
        guard limit > 0 else { return "" }
        if width(of: text) <= limit {
            return text
        }
        let ellipsisWidth = width(of: ellipsis)
        if ellipsisWidth > limit {
            return String(prefix(of: text, fitting: limit).text)
        }
        return String(prefix(of: text, fitting: limit - ellipsisWidth).text) + ellipsis
    }

    /// `text` if it fits in `limit` columns; otherwise its start and its end around `ellipsis`
    /// (`ward3-nurse-st…example.org`), so a name keeps both its ends and the text after it in a
    /// sentence keeps its place. Cuts only at cluster boundaries; below five columns it cuts
    /// at the end like `truncate`.
    public func truncateMiddle(_ text: String, toWidth limit: Int, ellipsis: String = "…") -> String {
        guard limit > 0 else { return "" }
        if width(of: text) <= limit {
            return text
        }
        let room = limit - width(of: ellipsis)
        guard limit >= 5, room >= 2 else { return truncate(text, toWidth: limit, ellipsis: ellipsis) }
        let head = prefix(of: text, fitting: (room + 1) / 2)
        var tail: [Character] = []
        var used = head.width
        for character in text.reversed() {
            let characterWidth = width(of: character)
            if used + characterWidth > room { break }
            used += characterWidth
            tail.append(character)
        }
        return String(head.text) + ellipsis + String(tail.reversed())
    }

    /// `text` padded with spaces to `targetWidth`; text already that wide or wider is returned unchanged.
    public func pad(_ text: String, toWidth targetWidth: Int, alignment: TextAlignment = .left) -> String {
        let missing = targetWidth - width(of: text)
        guard missing > 0 else { return text }
        switch alignment {
        case .left:
            return text + String(repeating: " ", count: missing)
        case .right:
            return String(repeating: " ", count: missing) + text
        case .center:
            let left = missing / 2
            return String(repeating: " ", count: left) + text + String(repeating: " ", count: missing - left)
        }
    }

    /// Exactly `targetWidth` columns: truncated with `ellipsis` or padded with spaces. A double-width
    /// character that would cross the edge is left out and the gap padded, so the width is always exact.
    public func fit(
        _ text: String, toWidth targetWidth: Int, ellipsis: String = "…", alignment: TextAlignment = .left
    ) -> String {
        pad(truncate(text, toWidth: targetWidth, ellipsis: ellipsis), toWidth: targetWidth, alignment: alignment)
    }

    private func width(base: WidthClass, variation: Unicode.Scalar?) -> Int {
        let natural: Int
        switch base.kind {
        case .zero, .control: return 0
        case .wide: natural = 2
        case .ambiguous: natural = options.ambiguousIsWide ? 2 : 1
        case .narrow: natural = 1
        }
        guard base.hasEmojiVariation, let variation else { return natural }
        if variation.value == 0xFE0F {
            return 2
        }
        return base.kind == .wide ? 1 : natural
    }

    /// The width of `scalar` when it is a cluster of its own whatever other such scalars stand
    /// beside it, or nil. That holds for ASCII and for the visible scalars of the blocks below,
    /// which hold no mark, joiner, variation selector, conjoining jamo, regional indicator,
    /// prepended or spacing mark (nothing that Unicode's cluster rules attach to a neighbour);
    /// the blocks are the ones the app's texts are made of (Latin, CJK, kana, Hangul syllables,
    /// punctuation, arrows, box drawing, shapes). A text of such scalars only can be measured and
    /// drawn scalar by scalar, without segmenting it into clusters.
    func loneWidth(_ scalar: Unicode.Scalar) -> Int? {
        let value = scalar.value
        if value < 0x80 {
            return value >= 0x20 && value != 0x7F ? 1 : 0
        }
        switch value {
        case 0x00A0..<0x0300, 0x0370..<0x0483, 0x2010..<0x2028, 0x2030..<0x205F, 0x2070..<0x20D0,
             0x2100..<0x2C00, 0x2E80..<0x302A, 0x3030..<0x3099, 0x309B..<0xA4D0, 0xAC00..<0xD7A4,
             0xF900..<0xFB00, 0xFE10..<0xFE20, 0xFE30..<0xFE70, 0xFF01..<0xFF9E, 0xFFA0..<0xFFF0:
            let base = WidthClass.of(scalar)
            return base.isVisible ? width(base: base, variation: nil) : nil
        default:
            return nil
        }
    }

    /// Width of a text whose every scalar has a `loneWidth`, or nil.
    private func loneScalarsWidth(of text: some StringProtocol) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            guard let scalarWidth = loneWidth(scalar) else { return nil }
            total += scalarWidth
        }
        return total
    }

    /// `prefix(of:fitting:)` scalar by scalar for a text of lone scalars (each scalar boundary is
    /// a cluster boundary), or nil for any other text.
    private func lonePrefix(of text: Substring, fitting limit: Int) -> (text: Substring, width: Int)? {
        let scalars = text.unicodeScalars
        var used = 0
        var end: String.Index?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard let scalarWidth = loneWidth(scalars[index]) else { return nil }
            if end == nil && used + scalarWidth > limit {
                end = index
            }
            if end == nil {
                used += scalarWidth
            }
            index = scalars.index(after: index)
        }
        return (text[text.startIndex..<(end ?? text.endIndex)], used)
    }

    /// Width of all-ASCII text without segmenting it, or nil if it holds anything else.
    private func asciiWidth(of text: some StringProtocol) -> Int? {
        var count = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return nil }
            if byte >= 0x20 && byte != 0x7F {
                count += 1
            }
        }
        return count
    }
}
