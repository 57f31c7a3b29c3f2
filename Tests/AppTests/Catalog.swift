import Foundation

/// The three string catalogs read from Resources/strings, so expected words come from the same files
/// the app embeds and are never written twice in the tests.
struct Catalog: Sendable {
    /// ja → en → zh-Hant → ja, the order of `l` (docs/PRODUCT.md: Keys), and of the keys `1` `2` `3`.
    static let languageCycle = ["ja", "en", "zh-Hant"]

    static let directory: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // AppTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // repository root
        .appendingPathComponent("Resources/strings").path

    let language: String
    let strings: [String: String]

    init(_ language: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/\(language).json"))
        strings = try JSONDecoder().decode([String: String].self, from: data)
        self.language = language
    }

    static func all() throws -> [String: Catalog] {
        var catalogs: [String: Catalog] = [:]
        for language in languageCycle { catalogs[language] = try Catalog(language) }
        return catalogs
    }

    static func next(after language: String) -> String {
        let index = languageCycle.firstIndex(of: language) ?? 0
        return languageCycle[(index + 1) % languageCycle.count]
    }

    /// The text of `key` with `{name}` parameters filled in. A missing key is a test failure, not a crash.
    func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        var value = strings[key] ?? "<missing \(language) \(key)>"
        for (name, replacement) in parameters {
            value = value.replacingOccurrences(of: "{\(name)}", with: replacement)
        }
        return value
    }
}
