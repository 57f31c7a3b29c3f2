import Localization
import PropertyBased
import Testing

@Suite("LanguageDetector")
struct LanguageDetectorTests {
    @Test("common locale values", arguments: [
        ("ja_JP.UTF-8", AppLanguage.ja), ("ja", .ja), ("ja-JP", .ja), ("JA_jp.eucJP", .ja),
        ("en_US.UTF-8", .en), ("en", .en), ("en_GB", .en), ("EN-au", .en), ("en_US.ISO-8859-1", .en),
        ("zh_TW.UTF-8", .zhHant), ("zh_HK.Big5", .zhHant), ("zh_CN.UTF-8", .zhHant), ("zh", .zhHant),
        ("zh-Hant", .zhHant), ("zh-Hans", .zhHant),
        ("C", .ja), ("POSIX", .ja), ("C.UTF-8", .ja), ("fr_FR.UTF-8", .en), ("de_DE", .en), ("ko_KR", .en), ("de", .en), ("fil_PH", .en),
        ("de_DE@euro", .en),
        ("e", .ja), ("z", .ja), ("j", .ja), ("", .ja),
    ])
    func localeValue(value: String, expected: AppLanguage) {
        #expect(LanguageDetector.detect(environment: ["LANG": value]) == expected)
        #expect(LanguageDetector.detect(environment: ["LC_ALL": value]) == expected)
    }

    @Test("no variables at all means Japanese")
    func emptyEnvironment() {
        #expect(LanguageDetector.detect(environment: [:]) == .ja)
        #expect(LanguageDetector.detect(environment: ["HOME": "/root", "TERM": "xterm"]) == .ja)
    }

    @Test("precedence: LANGUAGE, then LC_ALL, then LC_MESSAGES, then LANG", arguments: [
        (["LANGUAGE": "en", "LC_ALL": "zh_TW", "LC_MESSAGES": "ja_JP", "LANG": "ja_JP"], AppLanguage.en),
        (["LC_ALL": "zh_TW", "LC_MESSAGES": "en_US", "LANG": "en_US"], .zhHant),
        (["LC_MESSAGES": "en_US", "LANG": "zh_TW"], .en),
        (["LANG": "zh_TW.UTF-8"], .zhHant),
        // Blank values are skipped.
        (["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "en_US.UTF-8", "LANG": "zh_TW"], .en),
        (["LC_ALL": "  ", "LANG": "en_US"], .en),
        // LANGUAGE is a list: the first entry we have wins, others are skipped.
        (["LANGUAGE": "fr:de:zh_TW:en", "LANG": "en_US"], .zhHant),
        (["LANGUAGE": ":en_GB:ja", "LANG": "zh_TW"], .en),
        // A LANGUAGE without any of our languages does not decide.
        (["LANGUAGE": "fr:de", "LANG": "en_US"], .en),
        (["LANGUAGE": "fr", "LC_ALL": "C"], .ja),
        // The first non-blank locale variable decides even when it names no language of ours.
        (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ja),
        (["LC_MESSAGES": "POSIX", "LANG": "zh_TW"], .ja),
        (["LC_ALL": "fr_FR", "LC_MESSAGES": "zh_TW"], .en),
        // LC_CTYPE and others are not about messages.
        (["LC_CTYPE": "en_US.UTF-8"], .ja),
        (["LC_CTYPE": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"], .en),
    ])
    func precedence(environment: [String: String], expected: AppLanguage) {
        #expect(LanguageDetector.detect(environment: environment) == expected)
    }

    @Test("the saved choice beats the environment, and --lang beats both")
    func resolution() {
        let english = ["LANG": "en_US.UTF-8"]
        #expect(LanguageDetector.resolve(runOverride: nil, saved: nil, environment: english) == .en)
        #expect(LanguageDetector.resolve(runOverride: nil, saved: .zhHant, environment: english) == .zhHant)
        #expect(LanguageDetector.resolve(runOverride: .ja, saved: .zhHant, environment: english) == .ja)
        #expect(LanguageDetector.resolve(runOverride: .en, saved: nil, environment: [:]) == .en)
    }

    /// A locale-like string: letters, digits and the punctuation of locale names.
    private static let localeText = Generator { rng in
        let pool = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.@ ")
        let length = Int.random(in: 0...12, using: &rng)
        return String((0..<length).map { _ in pool[Int.random(in: 0..<pool.count, using: &rng)] })
    }

    private static let prefixes: [(String, AppLanguage)] = [("ja", .ja), ("en", .en), ("zh", .zhHant)]

    /// A random letter case of `text`.
    private static func randomCase(_ text: String, _ rng: inout any SeededRandomNumberGenerator) -> String {
        String(text.map { Bool.random(using: &rng) ? Character($0.uppercased()) : $0 })
    }

    @Test("any value starting with ja, en or zh maps to its language, in any variable")
    func prefixProperty() async {
        let input = Generator { rng -> (String, AppLanguage, String) in
            let (prefix, language) = Self.prefixes[Int.random(in: 0..<Self.prefixes.count, using: &rng)]
            let suffix = Self.localeText.run(using: &rng)
            let variable = LanguageDetector.variables[Int.random(in: 0..<LanguageDetector.variables.count, using: &rng)]
            return (Self.randomCase(prefix, &rng) + suffix, language, variable)
        }
        await propertyCheck(count: 300, input: input) { value, language, variable in
            #expect(LanguageDetector.language(forLocale: value) == language)
            #expect(LanguageDetector.detect(environment: [variable: value]) == language)
        }
    }

    @Test("a value not starting with ja, en or zh means English when it names another language, else Japanese (SPEC §11)")
    func otherValuesProperty() async {
        let input = Self.localeText.filter { text in
            let start = text.drop { $0 == " " }.prefix(2).lowercased()
            return !["ja", "en", "zh"].contains(start)
        }
        await propertyCheck(count: 300, input: input) { value in
            #expect(LanguageDetector.language(forLocale: value) == nil)
            // Written apart from the detector: a language code is 2 or 3 letters, then the end
            // or one of _ - . @ (ISO 639 and POSIX locale names).
            let namesOne = value.drop { $0 == " " || $0 == "\t" }.firstMatch(of: /^[A-Za-z]{2,3}([_.@-]|$)/) != nil
            #expect(LanguageDetector.detect(environment: ["LANG": value]) == (namesOne ? .en : .ja), "\(value)")
            // An unknown LANGUAGE entry never decides: the locale below it does.
            #expect(LanguageDetector.detect(environment: ["LANGUAGE": value, "LANG": "en_US"]) == .en)
        }
    }

    @Test("the highest non-blank variable decides")
    func precedenceProperty() async {
        // For each variable, in precedence order: unset, blank, or a value of some language.
        let input = Generator { rng -> [String: String] in
            var environment: [String: String] = [:]
            for name in LanguageDetector.variables {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: break
                case 1: environment[name] = ""
                case 2: environment[name] = Self.prefixes[Int.random(in: 0..<3, using: &rng)].0 + Self.localeText.run(using: &rng)
                default: environment[name] = ["C", "POSIX", "C.UTF-8", "de_DE"][Int.random(in: 0..<4, using: &rng)]
                }
            }
            return environment
        }
        await propertyCheck(count: 300, input: input) { environment in
            // The model: walk the variables in order; LANGUAGE decides only if it maps.
            var expected = AppLanguage.ja
            for name in LanguageDetector.variables {
                guard let value = environment[name], !value.isEmpty else { continue }
                let mapped = Self.prefixes.first { value.lowercased().hasPrefix($0.0) }?.1
                if name == "LANGUAGE" {
                    if let mapped { expected = mapped; break }
                    continue
                }
                // Another language's locale (de_DE) means English; C and POSIX Japanese.
                expected = mapped ?? (value == "de_DE" ? .en : .ja)
                break
            }
            #expect(LanguageDetector.detect(environment: environment) == expected)
        }
    }
}

@Suite("AppLanguage codes")
struct AppLanguageCodeTests {
    @Test("accepted codes", arguments: [
        ("ja", AppLanguage.ja), ("en", .en), ("zh-Hant", .zhHant),
        ("JA", .ja), ("En", .en), ("zh-hant", .zhHant), ("ZH-HANT", .zhHant), ("zh_Hant", .zhHant),
        (" ja ", .ja), ("zh-TW", .zhHant), ("zh_tw", .zhHant), ("zh-HK", .zhHant), ("zh-MO", .zhHant),
        ("zh-Hant-TW", .zhHant),
    ])
    func accepted(code: String, expected: AppLanguage) {
        #expect(AppLanguage(code: code) == expected)
    }

    @Test("refused codes", arguments: [
        "", " ", "jp", "japanese", "ja_JP", "en-US", "zh", "zh-CN", "zh-Hans", "zh-Hant ja", "fr", "日本語",
    ])
    func refused(code: String) {
        #expect(AppLanguage(code: code) == nil)
    }

    @Test("every raw value round-trips in any letter case and with _ for -")
    func roundTrip() async {
        let input = Generator { rng -> (AppLanguage, String) in
            let language = AppLanguage.allCases[Int.random(in: 0..<AppLanguage.allCases.count, using: &rng)]
            let written = language.rawValue.map { character -> Character in
                if character == "-", Bool.random(using: &rng) { return "_" }
                return Bool.random(using: &rng) ? Character(character.uppercased()) : Character(character.lowercased())
            }
            return (language, String(written))
        }
        await propertyCheck(count: 100, input: input) { language, written in
            #expect(AppLanguage(code: written) == language)
        }
    }

    @Test("l cycles through all three languages")
    func cycle() {
        var seen: [AppLanguage] = []
        var language = AppLanguage.ja
        for _ in AppLanguage.allCases {
            seen.append(language)
            language = language.next
        }
        #expect(seen == AppLanguage.allCases)
        #expect(language == .ja)
    }
}
