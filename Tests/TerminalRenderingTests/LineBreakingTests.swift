import PropertyBased
@testable import TerminalRendering
import Testing
import TestSupport

/// docs/PRODUCT.md: Terminal behaviour: line breaking that follows the languages.
@Suite("Line breaking")
struct LineBreakingTests {
    let metrics = DisplayWidth.standard

    @Test("the breaks the issue found are gone", arguments: [
        ("サーバーの選択と追加は設定画面で行います。", 30, "追加は", "行います。"),
        ("サーバーの選択と追加は設定画面で行います。", 34, "設定画面で", "行います。"),
        ("保存せずにキャンセルします", 12, nil, "キャンセル"),
        ("言語：日本語、English、繁體中文", 24, nil, "繁體中文"),
        ("Mac Mini is unreachable (timeout after 10 s)", 41, nil, "10 s)"),
        ("Switch to the next language (日本語 → English → 繁體中文)", 33, nil, "(日本語"),
    ] as [(String, Int, String?, String)])
    func knownBreaks(text: String, width: Int, firstLineEnd: String?, wholeOnALine: String) {
        let lines = LineBreaker.wrap(text, width: width, metrics: metrics)
        #expect(lines.contains { $0.contains(wholeOnALine) }, "\(lines)")
        if let firstLineEnd {
            #expect(lines.first?.hasSuffix(firstLineEnd) == true, "\(lines)")
        }
        #expect(lines.allSatisfy { metrics.width(of: $0) <= width }, "\(lines)")
    }

    static let words = ["設定", "画面", "で", "行います", "キャンセル", "サーバー", "伺服器", "的", "選擇", "繁體中文",
                        "English", "10 s", "接続テスト", "は", "請在設定畫面中進行"]
    static let closing = ["。", "、", "」", "）", "，", "；", "：", "？", "！", "』", "ー", "ッ", "ォ", "…"]
    static let opening = ["「", "（", "『", "【"]

    @Test("no line starts with closing punctuation or ends with opening punctuation, at any width")
    func kinsokuProperty() async {
        // Words, each maybe opened and closed by one mark: a run of marks never outgrows a line,
        // so the rules can always be kept.
        let input = shrinking { rng in
            var text = ""
            for _ in 0..<Int.random(in: 1...30, using: &rng) {
                if Int.random(in: 0..<4, using: &rng) == 0 { text += Self.opening.randomElement(using: &rng) ?? "" }
                text += Self.words.randomElement(using: &rng) ?? ""
                if Int.random(in: 0..<2, using: &rng) == 0 { text += Self.closing.randomElement(using: &rng) ?? "" }
            }
            return (text, Int.random(in: 8...40, using: &rng))
        }
        await propertyCheck(count: 300, input: input) { text, width in
            let lines = LineBreaker.wrap(text, width: width, metrics: metrics)
            for (index, line) in lines.enumerated() {
                #expect(metrics.width(of: line) <= width, "\(lines)")
                if index > 0, let first = line.first {
                    // Allowed only when the line before holds a single character (nothing to carry).
                    #expect(!LineBreaker.isNoBreakBefore(first) || lines[index - 1].count < 2,
                            "line \(index) starts with \(first): \(lines)")
                }
                if index < lines.count - 1, let last = line.last {
                    #expect(!LineBreaker.isNoBreakAfter(last) || line.count < 2, "line \(index) ends with \(last): \(lines)")
                }
            }
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "text lost: \(lines)")
        }
    }
}

@Suite("URL shortening")
struct URLShorteningTests {
    @Test("the host stays readable; the two Mac Mini addresses never look alike", arguments: 12...40)
    func hostKept(width: Int) {
        let metrics = DisplayWidth.standard
        let a = URLShortener.shorten("https://verbumcaremac-mini/api", toWidth: width, metrics: metrics)
        let b = URLShortener.shorten("https://verbumcarenomac-mini.local/api", toWidth: width, metrics: metrics)
        #expect(metrics.width(of: a) <= width && metrics.width(of: b) <= width)
        #expect(a != b)
        if width >= 18 { #expect(a.contains("verbumcaremac-mini"), "\(a)") }
        if width >= 26 { #expect(b.contains("verbumcarenomac-mini.local"), "\(b)") }
        if width >= 30 { #expect(a == "https://verbumcaremac-mini/api") }
    }

    @Test("examples")
    func examples() {
        let metrics = DisplayWidth.standard
        #expect(URLShortener.shorten("https://verbumcarenomac-mini.local/api", toWidth: 30, metrics: metrics)
                == "verbumcarenomac-mini.local/api")
        #expect(URLShortener.shorten("https://ward3.example.org/care/api", toWidth: 22, metrics: metrics)
                == "ward3.example.org…/api")
        #expect(URLShortener.shorten("https://ward3.example.org/api", toWidth: 10, metrics: metrics) == "ward3.exa…")
    }
}
