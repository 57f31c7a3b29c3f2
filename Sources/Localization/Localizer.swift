/// Looks up catalog strings for one language, substituting `{name}` parameters.
///
/// Lookup runs for every label of every frame, so it is a dictionary read on a catalog that
/// was compiled into the binary (`EmbeddedCatalogs`, generated from `Resources/strings`):
/// no file access and no parsing. A key missing from the language falls back to English,
/// and a key missing from English too comes back as the key itself, which makes the gap
/// visible on screen instead of hiding it behind an empty string.
public struct Localizer: Sendable {
    public let language: AppLanguage
    private let table: [String: String]
    private let fallback: [String: String]

    public init(language: AppLanguage) {
        self.init(language: language, table: Localizer.catalog(for: language), fallback: EmbeddedCatalogs.en)
    }

    /// Lets tests exercise the fallback order with catalogs that really have gaps.
    init(language: AppLanguage, table: [String: String], fallback: [String: String]) {
        self.language = language
        self.table = table
        self.fallback = fallback
    }

    /// The string for `key` with `{param}` placeholders filled in. A missing key returns the key.
    /// Placeholders without a matching parameter stay as written; values are inserted
    /// literally (a value that itself contains `{x}` is not expanded again).
    ///
    /// Counting words: when the `count` or `days` parameter is "1" and the catalog has a
    /// singular form under `key.one`, that form is used ("ends in 1 day", not "1 days").
    /// Japanese and Chinese have no grammatical number, so their `.one` forms repeat the text.
    public func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        let singular = Self.countsOne(parameters) ? table[key + Self.singularSuffix] ?? fallback[key + Self.singularSuffix] : nil
        let template = singular ?? table[key] ?? fallback[key] ?? key
        return Localizer.substitute(template, parameters)
    }

    /// The suffix of a key's singular form.
    public static let singularSuffix = ".one"

    /// The parameters that choose between the singular and the plural form of a text.
    public static let countingParameters = ["count", "days"]

    private static func countsOne(_ parameters: [String: String]) -> Bool {
        !parameters.isEmpty && countingParameters.contains { parameters[$0] == "1" }
    }

    /// Whether `key` exists in this language's own catalog (without falling back).
    public func hasText(_ key: String) -> Bool {
        table[key] != nil
    }

    /// The whole embedded catalog of a language.
    public static func catalog(for language: AppLanguage) -> [String: String] {
        switch language {
        case .ja: EmbeddedCatalogs.ja
        case .en: EmbeddedCatalogs.en
        case .zhHant: EmbeddedCatalogs.zhHant
        }
    }

    /// The parameter names a template uses, in order of appearance (repeats included).
    public static func parameterNames(in template: String) -> [String] {
        var template = template
        return template.withUTF8 { bytes in
            var names: [String] = []
            placeholders(in: bytes) { _, name in
                names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self))
            }
            return names
        }
    }

    /// Fills `{name}` placeholders of `template` from `parameters`, in one pass over its bytes
    /// (every frame words its texts again: a list of the placeholders and a string per piece
    /// were half of a text's cost, issue 26).
    public static func substitute(_ template: String, _ parameters: [String: String]) -> String {
        if parameters.isEmpty { return template }
        var template = template
        let substituted = template.withUTF8 { bytes -> String? in
            var result: [UInt8] = []
            var copied = 0
            placeholders(in: bytes) { open, name in
                guard let value = parameters[String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)]
                else { return }
                if result.isEmpty { result.reserveCapacity(bytes.count + 16) }
                result += UnsafeBufferPointer(rebasing: bytes[copied..<open])
                result += value.utf8
                copied = name.upperBound + 1
            }
            // Nothing was filled in: the template as it is, not a copy of it.
            guard copied > 0 else { return nil }
            result += UnsafeBufferPointer(rebasing: bytes[copied...])
            return String(decoding: result, as: UTF8.self)
        }
        return substituted ?? template
    }

    /// `{` + one or more ASCII letters, digits or `_` + `}`. Anything else between braces is
    /// ordinary text, so a stray brace in a translation never swallows the rest of it. Calls
    /// `body` for each, in order, with the offset of its `{` and the range of its name (its `}`
    /// follows the name).
    private static func placeholders(in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ open: Int, _ name: Range<Int>) -> Void) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let nameStart = index + 1
            var cursor = nameStart
            while cursor < bytes.count, isNameByte(bytes[cursor]) {
                cursor += 1
            }
            guard cursor > nameStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else {
                index = nameStart
                continue
            }
            body(index, nameStart..<cursor)
            index = cursor + 1
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
