import Foundation
import Testing

/// Only the store module assigns state: `setState` is internal to it and appears nowhere
/// else, and the store's public surface changes state only through `dispatch`.
@Suite("One way for state")
struct OneWayForStateTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // ReducerTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()
        .appendingPathComponent("Sources")

    static func swiftFiles() throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        var result: [(String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let url = sources.appendingPathComponent(relative)
            result.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return result
    }

    @Test func setStateIsNamedOnlyInTheStoreModuleAndIsNotPublic() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100, "the sources were found")
        for (path, text) in files where text.contains("setState") {
            #expect(path.hasPrefix("SettingsStore/Store/"), "\(path) names setState")
        }
        let store = try #require(files.first { $0.path == "SettingsStore/Store/ObservableStore.swift" })
        let declarations = store.text.split(separator: "\n").filter { $0.contains("func setState") }
        #expect(declarations.count == 2)
        for declaration in declarations {
            #expect(!declaration.contains("public") && !declaration.contains("open"), "\(declaration)")
        }
    }

    @Test func theReducerIsTheOnlyCodeThatChangesTheStoresState() throws {
        let files = try Self.swiftFiles()
        let store = try #require(files.first { $0.path == "SettingsStore/Store/AppSettingsStore.swift" })
        let calls = store.text.components(separatedBy: "store.setState").count - 1
        #expect(calls == 1, "AppSettingsStore changes its state in one place")
        // The one mutation's body is the reducer's call over the whole state and the event,
        // however it is formatted (not an exact line: a rename of a local must not fail this).
        let call = try #require(store.text.range(of: #"store\.setState\s*\{[^}]*\}"#, options: .regularExpression))
        let body = store.text[call]
        #expect(body.range(of: #"AppReducer\.reduce\(\s*&\$0\s*,\s*event\s*\)"#, options: .regularExpression) != nil,
                "AppSettingsStore's setState runs AppReducer.reduce: \(body)")
        #expect(body.components(separatedBy: "=").count - 1 <= 1, "and assigns nothing else: \(body)")
    }
}
