import Foundation
import Localization

/// Files of this repository, found from this source file's location so the tests work from
/// any working directory.
enum RepositoryFiles {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // LocalizationTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    static let sources = root.appendingPathComponent("Sources")

    static func catalogURL(_ language: AppLanguage) -> URL {
        root.appendingPathComponent("Resources/strings/\(language.rawValue).json")
    }

    static func catalogText(_ language: AppLanguage) throws -> String {
        try String(contentsOf: catalogURL(language), encoding: .utf8)
    }

    /// The JSON catalog as written, refusing anything but a flat object of strings.
    static func catalog(_ language: AppLanguage) throws -> [String: String] {
        let data = try Data(contentsOf: catalogURL(language))
        let object = try JSONSerialization.jsonObject(with: data)
        guard let dictionary = object as? [String: Any] else { throw CatalogFileError.notAnObject(language) }
        var result: [String: String] = [:]
        for (key, value) in dictionary {
            guard let text = value as? String else { throw CatalogFileError.notAString(language, key) }
            result[key] = text
        }
        return result
    }

    static func allCatalogs() throws -> [AppLanguage: [String: String]] {
        var result: [AppLanguage: [String: String]] = [:]
        for language in AppLanguage.allCases { result[language] = try catalog(language) }
        return result
    }

    /// Every `.swift` file under `Sources`, with its path relative to the repository.
    static func swiftSources() throws -> [(path: String, text: String)] {
        guard let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [(path: String, text: String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }
}

enum CatalogFileError: Error {
    case notAnObject(AppLanguage)
    case notAString(AppLanguage, String)
}
