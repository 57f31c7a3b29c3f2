import Foundation
import Localization
import Testing
import TestSupport

/// Shared pieces of the end-to-end tests: a runner in a fresh home, JSON parsing, and the
/// localized texts the binary is expected to print (taken from the catalogs, not copied).
enum CLI {
    /// A runner and the home it is isolated in; the home lives as long as the returned value.
    struct Session {
        let home: TemporaryHome
        var runner: BinaryRunner

        init(lang: String = "en_US.UTF-8", passesHomeOption: Bool = true) throws {
            home = try TemporaryHome()
            runner = try BinaryRunner(home: home.path, lang: lang, passesHomeOption: passesHomeOption)
        }

        func run(_ arguments: String..., environment: [String: String] = [:]) async throws -> ProcessResult {
            try await runner.run(arguments, environment: environment)
        }

        func run(arguments: [String], environment: [String: String] = [:]) async throws -> ProcessResult {
            try await runner.run(arguments, environment: environment)
        }

        func settingsBytes() -> Data? { home.read(home.settingsFile) }

        /// settings.json parsed; nil when it is missing or not a JSON object.
        func settingsObject() -> [String: Any]? {
            settingsBytes().flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        }

        func customServers() -> [String] {
            settingsObject()?["custom_servers"] as? [String] ?? []
        }
    }

    static func object(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any], "not a JSON object: \(text)")
    }

    static func array(_ text: String) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [[String: Any]], "not a JSON array of objects: \(text)")
    }

    /// `cli.error.prefix: <message>`, as the binary writes an error line.
    static func errorLine(_ language: AppLanguage, _ key: String, _ parameters: [String: String] = [:]) -> String {
        let l = Localizer(language: language)
        return l.text("cli.error.prefix") + ": " + l.text(key, parameters)
    }

    static func text(_ language: AppLanguage, _ key: String, _ parameters: [String: String] = [:]) -> String {
        Localizer(language: language).text(key, parameters)
    }

    /// The `LANG` value that makes the binary detect `language`.
    static func lang(for language: AppLanguage) -> String {
        switch language {
        case .ja: "ja_JP.UTF-8"
        case .en: "en_US.UTF-8"
        case .zhHant: "zh_TW.UTF-8"
        }
    }
}
