import PropertyBased
import TerminalRendering

/// Pieces of text that stress display width, and generators built from them.
enum TextSamples {
    static let ascii = ["a", "Z", "0", " ", "~", "Hello", "pn51"]
    static let cjk = ["日", "本", "語", "繁", "體", "中", "文", "設定", "𠀀"]
    static let kana = ["サ", "ー", "ば", "っ", "ｶ", "。"]
    static let hangul = ["한", "글", "\u{1100}\u{1161}"]
    static let combining = ["e\u{301}", "\u{301}", "a\u{20DD}", "\u{0E01}\u{0E31}"]
    static let emoji = [
        "😀", "❤\u{FE0F}", "⌚\u{FE0E}", "1\u{FE0F}\u{20E3}", "👨\u{200D}👩\u{200D}👧", "🇯🇵", "👍🏽", "🏳\u{FE0F}\u{200D}🌈",
    ]
    static let regionalIndicator = ["🇯", "🇵"]
    static let ambiguous = ["…", "●", "○", "·", "─", "↑", "↓", "▁", "│"]
    static let fullwidth = ["Ａ", "！"]
    static let controls = ["\u{1}", "\n", "\t", "\u{7F}", "\u{9B}", "\r\n", "\u{1B}"]
    static let zeroWidth = ["\u{200B}", "\u{200D}", "\u{FE0F}", "\u{2060}"]

    /// Everything that can appear in a frame's text (no lone regional indicators: two of them
    /// in neighbouring cells would merge into one flag in the terminal).
    static let drawable = ascii + cjk + kana + hangul + combining + emoji + ambiguous + fullwidth + controls + zeroWidth
    static let everything = drawable + regionalIndicator
    /// Text for wrapping: no line breaks, tabs or controls.
    static let prose = ascii + ascii + cjk + kana + hangul + ["e\u{301}"] + emoji + ambiguous + fullwidth + ["、", "「", "」", ".", ","]

    /// Pieces of `pool` joined; a failure shrinks to fewer pieces, and each toward `pool[0]`.
    static func text(from pool: [String], maxPieces: Int = 24) -> Generator<String, some SendableSequenceType> {
        Gen.int(in: 0...(pool.count - 1)).array(of: 0...maxPieces).map { picks in picks.map { pool[$0] }.joined() }
    }

    static let options = Gen<Bool>.bool.map { WidthOptions(ambiguousIsWide: $0) }
}
