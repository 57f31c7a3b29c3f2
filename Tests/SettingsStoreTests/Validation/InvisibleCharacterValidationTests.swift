import Localization
import PropertyBased
import SettingsStore
import Testing

/// An address holding a character that does not show is refused, and the message names the
/// character (`U+200B`) in every language: never accepted or shown in a cleaned form that
/// reads as another host (`ward\u{200B}3.example.org` is not `ward3.example.org`).
@Suite("address validation: invisible characters")
struct InvisibleCharacterValidationTests {
    /// Every hidden code point (Cf, default-ignorable, variation selectors, U+180E, U+034F,
    /// tags, controls), from the sanitizer's test over all of Unicode.
    static let hidden = TextSanitizerPropertyTests.hidden

    private static func refusal(_ input: String) -> (result: ValidationResult, texts: [String]) {
        let result = AddressValidator.validate(input)
        let texts = AppLanguage.allCases.map { language in
            result.errors.map { Localizer(language: language).text("validation.\($0.code.rawValue)", $0.parameters) }
                .joined(separator: " ")
        }
        return (result, texts)
    }

    @Test func everyHiddenCodePointIsRefusedAndNamed() {
        var wrong: [String] = []
        for scalar in Self.hidden {
            let name = TextSanitizer.notation(scalar)
            for (prefix, suffix) in [("https://ward", "3.example.org/api"), ("https://ward3.example.org/", "api"), ("https://", "ward3.example.org/api")] {
                var input = prefix
                input.unicodeScalars.append(scalar)
                input += suffix
                let (result, texts) = Self.refusal(input)
                let ok = !result.isValid
                    && result.errors == [ValidationIssue(code: .invisibleCharacter, parameters: ["characters": name])]
                    && result.suggestions.isEmpty
                    && result.normalizedAddress != "https://ward3.example.org/api"
                    && texts.allSatisfy { $0.contains(name) }
                if !ok { wrong.append("\(name) in \(prefix.debugDescription): \(result.errors) \(result.suggestions) \(texts)") }
            }
        }
        #expect(wrong.count == 0, "\(wrong.count) wrong, e.g. \(wrong.prefix(5))")
    }

    @Test func theZeroWidthSpaceHostIsNotTheCleanHost() {
        let (result, texts) = Self.refusal("https://ward\u{200B}3.example.org/api")
        #expect(!result.isValid)
        #expect(result.warnings.allSatisfy { $0.code != .idnHost })
        #expect(result.hostKind == nil)
        #expect(texts[1] == "The address contains a character that does not show on screen (U+200B). Type the address again without it.")
        // Several distinct characters are all named, once each, in order.
        #expect(AddressValidator.validate("https://a\u{AD}b\u{200B}c\u{AD}.example.org/api").errors.first?.parameters["characters"] == "U+00AD, U+200B")
    }

    /// Random addresses (mostly valid ones) with hidden characters put in at random places:
    /// always refused with exactly those characters named.
    @Test func randomAddressesWithHiddenCharactersAreRefused() async {
        let hidden = Self.hidden
        let inputs = Generator { rng -> (String, [Unicode.Scalar]) in
            // Between two letters, so that trimming (which takes the white-space controls such
            // as U+0085 off the ends, as it takes spaces) never removes them.
            var scalars = Array(("h" + AddressGen.urlString(&rng, validBias: 0.95) + "i").unicodeScalars)
            var inserted: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let scalar = hidden.randomElement(using: &rng) ?? "\u{200B}"
                scalars.insert(scalar, at: Int.random(in: 1...(scalars.count - 1), using: &rng))
                inserted.append(scalar)
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return (text, inserted)
        }
        await propertyCheck(count: 300, input: inputs) { input in
            let (result, texts) = Self.refusal(input.0)
            #expect(!result.isValid)
            #expect(result.errors.map(\.code) == [.invisibleCharacter], "\(input.0.debugDescription)")
            for scalar in input.1 {
                #expect(texts.allSatisfy { $0.contains(TextSanitizer.notation(scalar)) })
            }
            #expect(result.suggestions.isEmpty)
        }
    }
}
