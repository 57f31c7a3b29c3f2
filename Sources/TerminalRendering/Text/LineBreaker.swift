/// Breaks text into lines of at most a given display width.
///
/// Break opportunities: at spaces (Latin words stay whole), before and after double-width
/// clusters (CJK wraps per character), except where Japanese/Chinese line-breaking rules (kinsoku)
/// forbid: no line starts with closing punctuation, small kana or `ー`, and none ends with an
/// opening bracket. Runs that read as one word stay together when they fit on a line: a run of
/// katakana (キャンセル), kanji followed by their hiragana (行います), a run of at most four
/// Chinese characters between other text (繁體中文), and a number with its unit (`10 s`).
/// A word wider than the line is broken at cluster boundaries. Lines never split a cluster; a
/// wide cluster that cannot fit even an empty line (width 1) is left out.
/// "\n" is a hard break; spaces at a wrap point are dropped.
public enum LineBreaker {
    public static func wrap(_ text: String, width: Int, metrics: DisplayWidth) -> [String] {
        guard width > 0 else { return [] }
        // Every frame wraps the same sentences at the same widths (a language switch, a tick of
        // the clock): the result depends on these three inputs only.
        return memo.value(for: WrapInput(text: ExactText(text), width: width, metrics: metrics)) {
            var lines: [String] = []
            for hardLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
                lines += wrapLine(hardLine, width: width, metrics: metrics)
            }
            return lines
        }
    }

    private struct WrapInput: Hashable, Sendable {
        var text: ExactText
        var width: Int
        var metrics: DisplayWidth
    }

    private static let memo = BoundedMemo<WrapInput, [String]>(capacity: 512)

    private struct Token {
        var text: String
        var width: Int
        var isSpace: Bool
        var endsWide: Bool
        var endsWithOpening: Bool
        var lastScript: Script
    }

    /// What a cluster is, for the "one word" rules.
    enum Script: Equatable {
        case katakana, hiragana, han, other
    }

    static func script(of scalar: UInt32) -> Script {
        switch scalar {
        case 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: .katakana
        case 0x3041...0x3096, 0x309D...0x309F: .hiragana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x3005: .han
        default: .other
        }
    }

    /// Runs of Chinese characters up to this long stay on one line (words such as 繁體中文).
    static let shortHanRun = 4

    // Kinsoku classes, by the cluster's first scalar (a mark on top does not change the class).
    static let noBreakBefore: Set<UInt32> = scalarValues(
        "、。，．！？：；）」』】〕〉》〙〗〟’”］｝｠»ー…‥々ゝゞ・ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.!?:;)]}%")
    static let noBreakAfter: Set<UInt32> = scalarValues("（「『【〔〈《〘〖〝‘“［｛｟«([{")

    static func isNoBreakBefore(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { noBreakBefore.contains($0.value) } ?? false
    }

    static func isNoBreakAfter(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { noBreakAfter.contains($0.value) } ?? false
    }

    private static func scalarValues(_ text: String) -> Set<UInt32> {
        Set(text.unicodeScalars.map(\.value))
    }

    private static func tokens(_ line: Substring, metrics: DisplayWidth) -> [Token] {
        var tokens: [Token] = []
        for character in line {
            let characterWidth = metrics.width(of: character)
            let first = character.unicodeScalars.first?.value ?? 0
            let isSpace = (first == 0x20 || first == 0x3000 || first == 0x09) && character.unicodeScalars.count == 1
            if var last = tokens.last {
                let joins: Bool
                if isSpace || last.isSpace {
                    joins = isSpace && last.isSpace
                } else if characterWidth == 0 || noBreakBefore.contains(first) || last.endsWithOpening {
                    joins = true
                } else {
                    let script = Self.script(of: first)
                    switch (last.lastScript, script) {
                    case (.katakana, .katakana), (.han, .hiragana), (.hiragana, .hiragana): joins = true
                    default: joins = characterWidth < 2 && !last.endsWide
                    }
                }
                if joins {
                    last.text.append(character)
                    last.width += characterWidth
                    if characterWidth > 0 {
                        last.endsWide = characterWidth == 2
                        last.endsWithOpening = noBreakAfter.contains(first)
                        last.lastScript = Self.script(of: first)
                    }
                    tokens[tokens.count - 1] = last
                    continue
                }
            }
            tokens.append(Token(
                text: String(character), width: characterWidth, isSpace: isSpace,
                endsWide: characterWidth == 2, endsWithOpening: noBreakAfter.contains(first),
                lastScript: Self.script(of: first)))
        }
        return joinWords(joinShortHanRuns(tokens))
    }

    /// Consecutive single-Han tokens of a short run (between other text) become one token.
    private static func joinShortHanRuns(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            var end = index
            while end < tokens.count && isSingleHan(tokens[end]) { end += 1 }
            // The run may end in a token that starts with Han (a kanji with its kana or closing mark).
            if end < tokens.count && end > index && startsWithHan(tokens[end]) { end += 1 }
            let run = end - index
            if run >= 2 && run <= shortHanRun {
                var merged = tokens[index]
                for token in tokens[(index + 1)..<end] {
                    merged.text += token.text
                    merged.width += token.width
                    merged.endsWide = token.endsWide
                    merged.endsWithOpening = token.endsWithOpening
                    merged.lastScript = token.lastScript
                }
                result.append(merged)
                index = end
            } else {
                result.append(tokens[index])
                index += 1
            }
        }
        return result
    }

    /// One Chinese character, maybe after an opening mark (`(日`).
    private static func isSingleHan(_ token: Token) -> Bool {
        token.lastScript == .han && token.text.unicodeScalars.filter { script(of: $0.value) == .han }.count == 1
    }

    private static func startsWithHan(_ token: Token) -> Bool {
        token.text.unicodeScalars.first.map { script(of: $0.value) == .han } ?? false
    }

    /// A number, a space and a short unit (`10 s`, `12 ms`, `3 KB)`) become one token with the space.
    private static func joinWords(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            if index + 2 < tokens.count, !tokens[index].isSpace, tokens[index].text.last?.isNumber == true,
               tokens[index + 1].isSpace, tokens[index + 1].text == " ", isUnit(tokens[index + 2].text) {
                var merged = tokens[index]
                merged.text += " " + tokens[index + 2].text
                merged.width += 1 + tokens[index + 2].width
                merged.endsWide = tokens[index + 2].endsWide
                merged.endsWithOpening = tokens[index + 2].endsWithOpening
                merged.lastScript = tokens[index + 2].lastScript
                result.append(merged)
                index += 3
            } else {
                result.append(tokens[index])
                index += 1
            }
        }
        return result
    }

    /// One to three ASCII letters, maybe followed by closing punctuation: `s`, `ms`, `KB).`
    private static func isUnit(_ text: String) -> Bool {
        let letters = text.prefix { $0.isASCII && $0.isLetter }
        let rest = text.dropFirst(letters.count)
        return (1...3).contains(letters.count) && rest.allSatisfy { noBreakBefore.contains($0.unicodeScalars.first?.value ?? 0) }
    }

    private static func wrapLine(_ line: Substring, width: Int, metrics: DisplayWidth) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var pendingSpace: Token?
        for token in tokens(line, metrics: metrics) {
            if token.isSpace {
                if currentWidth > 0 {
                    pendingSpace = token
                }
                continue
            }
            let spaceWidth = pendingSpace?.width ?? 0
            if currentWidth + spaceWidth + token.width <= width {
                current += (pendingSpace?.text ?? "") + token.text
                currentWidth += spaceWidth + token.width
                pendingSpace = nil
                continue
            }
            pendingSpace = nil
            if currentWidth > 0 {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            if token.width <= width {
                current = token.text
                currentWidth = token.width
                continue
            }
            for character in token.text {
                let characterWidth = metrics.width(of: character)
                if characterWidth > width { continue }
                if currentWidth + characterWidth > width {
                    // Kinsoku inside an over-long word too: the last character moves down with a
                    // closing mark, and an opening mark never ends the line.
                    var carried = ""
                    var next = character
                    while current.count >= 2, let last = current.last,
                          isNoBreakBefore(next) || isNoBreakAfter(last),
                          metrics.width(of: String(last) + carried) + characterWidth <= width {
                        carried = String(current.removeLast()) + carried
                        next = last
                    }
                    lines.append(current)
                    current = carried
                    currentWidth = metrics.width(of: carried)
                }
                current.append(character)
                currentWidth += characterWidth
            }
        }
        lines.append(current)
        return lines
    }
}
