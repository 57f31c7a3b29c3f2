@testable import Localization
import PropertyBased
import Testing

@Suite("Localizer")
struct LocalizerTests {
    @Test("parameters are filled in, in every language")
    func substitutionInCatalogs() {
        let parameters = ["failed": "Mac Mini", "reason": "timeout after 10 s", "server": "pn51"]
        #expect(Localizer(language: .en).text("notice.fallback", parameters)
            == "Mac Mini is unreachable (timeout after 10 s). pn51 is in use.")
        let japanese = Localizer(language: .ja).text("notice.fallback", parameters)
        let chinese = Localizer(language: .zhHant).text("notice.fallback", parameters)
        for text in [japanese, chinese] {
            #expect(text.contains("Mac Mini"))
            #expect(text.contains("timeout after 10 s"))
            #expect(text.contains("pn51"))
            #expect(!text.contains("{"))
        }
        #expect(japanese != chinese)
    }

    @Test("text without parameters is the catalog text")
    func plainText() {
        #expect(Localizer(language: .en).text("status.connected") == "Connected")
        #expect(Localizer(language: .ja).text("status.connected") == "接続済み")
        #expect(Localizer(language: .zhHant).text("status.connected") == "已連線")
        #expect(Localizer(language: .en).language == .en)
    }

    @Test("a missing key falls back to English, then to the key itself")
    func fallbackOrder() {
        let localizer = Localizer(language: .ja,
                                  table: ["both": "両方", "greeting": "こんにちは {name}"],
                                  fallback: ["both": "both", "only.english": "Only {what}", "greeting": "Hello {name}"])
        #expect(localizer.text("both") == "両方")
        #expect(localizer.text("only.english") == "Only {what}")
        #expect(localizer.text("only.english", ["what": "English"]) == "Only English")
        #expect(localizer.text("nowhere.at.all") == "nowhere.at.all")
        #expect(localizer.text("greeting", ["name": "佐藤"]) == "こんにちは 佐藤")
        #expect(localizer.hasText("both"))
        #expect(!localizer.hasText("only.english"))
    }

    @Test("the real catalogs answer a missing key with the key")
    func missingKeyInRealCatalogs() {
        for language in AppLanguage.allCases {
            #expect(Localizer(language: language).text("no.such.key") == "no.such.key")
            #expect(!Localizer(language: language).hasText("no.such.key"))
        }
    }

    @Test("substitution edge cases", arguments: [
        ("{a}", ["a": "1"], "1"),
        ("{a}{b}", ["a": "1", "b": "2"], "12"),
        ("x{a}y{a}z", ["a": "-"], "x-y-z"),
        ("{missing} stays", ["a": "1"], "{missing} stays"),
        ("no placeholders", ["a": "1"], "no placeholders"),
        ("{a} but {b}", ["a": "1"], "1 but {b}"),
        // Values are inserted literally and never expanded again.
        ("{a} {b}", ["a": "{b}", "b": "B"], "{b} B"),
        ("{a}", ["a": "\\(x) $1 %@ {{}}"], "\\(x) $1 %@ {{}}"),
        // Braces that do not enclose a name are plain text.
        ("{ a }", ["a": "1"], "{ a }"),
        ("{}", ["": "1"], "{}"),
        ("{a-b}", ["a-b": "1"], "{a-b}"),
        ("{{a}}", ["a": "1"], "{1}"),
        ("{a", ["a": "1"], "{a"),
        ("a}", ["a": "1"], "a}"),
        ("{minCols}×{minRows}", ["minCols": "60", "minRows": "16"], "60×16"),
        ("サーバー{a}接続", ["a": "「pn51」"], "サーバー「pn51」接続"),
        ("{a}", ["a": "👩‍⚕️"], "👩‍⚕️"),
    ])
    func substitution(template: String, parameters: [String: String], expected: String) {
        #expect(Localizer.substitute(template, parameters) == expected)
    }

    @Test("parameter names are found in order", arguments: [
        ("Could not switch to {server}: {reason}. {previous} is still in use.", ["server", "reason", "previous"]),
        ("{a}{a}", ["a", "a"]),
        ("{ a } {} {a-b} {b", []),
        ("{{x}}", ["x"]),
        ("端末（{cols}×{rows}）", ["cols", "rows"]),
    ])
    func parameterNames(template: String, expected: [String]) {
        #expect(Localizer.parameterNames(in: template) == expected)
    }

    /// A template made of text pieces and placeholders, the parameters for some of the
    /// placeholders, and the text the substitution must produce.
    private static let templateCase = Generator { rng -> (String, [String: String], String) in
        let names = ["a", "server", "reason", "minCols", "x_1"]
        let textPool = Array("abc xyz.,:;!?()（）「」設定サーバー伺服器連線{}-_ 🩺")
        var parameters: [String: String] = [:]
        for name in names where Bool.random(using: &rng) {
            let length = Int.random(in: 0...6, using: &rng)
            parameters[name] = String((0..<length).map { _ in textPool[Int.random(in: 0..<textPool.count, using: &rng)] })
        }
        var template = ""
        var expected = ""
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
            if Bool.random(using: &rng) {
                let name = names[Int.random(in: 0..<names.count, using: &rng)]
                template += "{\(name)}"
                expected += parameters[name] ?? "{\(name)}"
            } else {
                // Plain text: never a brace, so it cannot form a placeholder by accident.
                let length = Int.random(in: 1...5, using: &rng)
                let piece = String((0..<length).map { _ in textPool[Int.random(in: 0..<textPool.count, using: &rng)] }
                    .filter { $0 != "{" && $0 != "}" })
                template += piece
                expected += piece
            }
        }
        return (template, parameters, expected)
    }

    @Test("substitution replaces exactly the known placeholders")
    func substitutionProperty() async {
        await propertyCheck(count: 500, input: Self.templateCase) { template, parameters, expected in
            #expect(Localizer.substitute(template, parameters) == expected)
            let fake = Localizer(language: .en, table: ["k": template], fallback: [:])
            #expect(fake.text("k", parameters) == expected)
        }
    }

    @Test("every catalog string accepts its own parameters and leaves no placeholder behind")
    func everyStringSubstitutes() {
        for language in AppLanguage.allCases {
            let localizer = Localizer(language: language)
            for (key, template) in Localizer.catalog(for: language) {
                let names = Localizer.parameterNames(in: template)
                var parameters: [String: String] = [:]
                for name in names { parameters[name] = "<\(name)>" }
                let text = localizer.text(key, parameters)
                #expect(Localizer.parameterNames(in: text).isEmpty, "\(language.rawValue) \(key)")
                for name in names {
                    #expect(text.contains("<\(name)>"), "\(language.rawValue) \(key) lost {\(name)}")
                }
            }
        }
    }
}
