import Foundation
import Localization
import Testing

/// The Japanese catalog speaks in です/ます form, and so does `--help` (its texts are the
/// catalog's `cli.help.*`): a help text whose sentence or clause ends in a plain verb form
/// ("確認する", "読む", "尋ねる") beside the ます of the others reads as a mix. Noun phrases
/// ("出力形式：…", "サーバー ID") are neither and are left alone.
@Suite("Japanese help texts are in ます form")
struct JapaneseHelpFormTests {
    @Test("no help text ends a sentence or a clause in a plain verb form")
    func politeHelp() throws {
        let catalog = try RepositoryFiles.catalog(.ja)
        let help = catalog.filter { $0.key.hasPrefix("cli.help.") }
        #expect(help.count > 40)
        #expect(help.values.contains { JapaneseSentenceEnds.ends(in: $0).contains(.polite) }, "the help has ます forms")
        for (key, text) in help.sorted(by: { $0.key < $1.key }) {
            let plain = JapaneseSentenceEnds.clauses(in: text).filter { JapaneseSentenceEnds.form(of: $0) == .plain }
            #expect(plain.isEmpty, "\(key): \(plain) in \(text)")
        }
    }

    @Test("the reader tells ます from する, inside parentheses too, and leaves nouns alone")
    func reader() {
        #expect(JapaneseSentenceEnds.ends(in: "サーバーにサインインする（既定：現在のサーバー）") == [.plain])
        #expect(JapaneseSentenceEnds.ends(in: "サーバーにサインインします（既定：現在のサーバー）") == [.polite])
        #expect(JapaneseSentenceEnds.ends(in: "ユーザー名（省略時は端末で尋ねる）") == [.plain])
        #expect(JapaneseSentenceEnds.ends(in: "ユーザー名（省略時は端末で尋ねます）") == [.polite])
        #expect(JapaneseSentenceEnds.ends(in: "出力形式：text、json") == [])
        #expect(JapaneseSentenceEnds.ends(in: "色を使いません。数字だけなら分です。") == [.polite, .polite])
        #expect(JapaneseSentenceEnds.ends(in: "ファイルに書き込む\n次の行を読んだ") == [.plain, .plain])
    }
}

/// How the sentences and parenthesised clauses of a Japanese text end.
enum JapaneseSentenceEnds {
    enum Form: Hashable { case polite, plain }

    static func ends(in text: String) -> [Form] {
        clauses(in: text).compactMap(form(of:))
    }

    /// The sentences (split at 。 and line breaks, parentheses taken out) and the text inside
    /// each pair of parentheses, each cut at its 。.
    static func clauses(in text: String) -> [String] {
        var outside = ""
        var inside: [String] = []
        var depth = 0
        for character in text {
            switch character {
            case "（", "(":
                depth += 1
                if depth == 1 { inside.append("") }
            case "）", ")":
                depth = max(0, depth - 1)
            default:
                if depth > 0 { inside[inside.count - 1].append(character) } else { outside.append(character) }
            }
        }
        return ([outside] + inside).flatMap { $0.split(whereSeparator: { "。\n".contains($0) }) }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " 　.:：;；、,「」`")) }
            .filter { !$0.isEmpty }
    }

    /// Polite (ます, です, ください…), plain (a verb's dictionary or past form, ない), or
    /// neither (a noun phrase, a list of values).
    static func form(of clause: String) -> Form? {
        for ending in ["ます", "ました", "ません", "ましょう", "です", "でした", "ください"] where clause.hasSuffix(ending) {
            return .polite
        }
        if clause.hasSuffix("ない") { return .plain }
        guard let last = clause.last else { return nil }
        return "うくぐすつぬぶむるただ".contains(last) ? .plain : nil
    }
}
