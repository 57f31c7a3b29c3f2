/// Breaks text into lines of at most a given display width.
///
/// Break opportunities: at spaces (Latin words stay whole), before and after every double-width
/// cluster (CJK wraps per character), except where Japanese/Chinese line-breaking rules (kinsoku)
/// forbid: no line starts with closing punctuation, small kana or `ー`, and none ends with an
/// opening bracket. A word wider than the line is broken at cluster boundaries. Lines never split
/// a cluster; a wide cluster that cannot fit even an empty line (width 1) is left out.
/// "\n" is a hard break; spaces at a wrap point are dropped.
public enum LineBreaker {
    public static func wrap(_ text: String, width: Int, metrics: DisplayWidth) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for hardLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrapLine(hardLine, width: width, metrics: metrics)
        }
        return lines
    }

    private struct Token {
        var text: String
        var width: Int
        var isSpace: Bool
        var endsWide: Bool
        var endsWithOpening: Bool
    }

    // Kinsoku classes, by the cluster's first scalar (a mark on top does not change the class).
    private static let noBreakBefore: Set<UInt32> = scalarValues(
        "、。，．！？：；）」』】〕〉》〙〗ー…々ゝゞ・ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.!?:;)]}%")
    private static let noBreakAfter: Set<UInt32> = scalarValues("（「『【〔〈《〘〖([{")

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
                    joins = characterWidth < 2 && !last.endsWide
                }
                if joins {
                    last.text.append(character)
                    last.width += characterWidth
                    if characterWidth > 0 {
                        last.endsWide = characterWidth == 2
                        last.endsWithOpening = noBreakAfter.contains(first)
                    }
                    tokens[tokens.count - 1] = last
                    continue
                }
            }
            tokens.append(Token(
                text: String(character), width: characterWidth, isSpace: isSpace,
                endsWide: characterWidth == 2, endsWithOpening: noBreakAfter.contains(first)))
        }
        return tokens
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
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += characterWidth
            }
        }
        lines.append(current)
        return lines
    }
}
