import Foundation
import Localization
import Testing

/// Finds catalog keys written as literals in Swift source, and the raw values of the shared
/// code enums whose cases each need catalog strings.
enum SourceScanner {
    static let namespaces: Set<String> = ["app", "status", "source", "server", "validation", "error", "check",
                                          "switch", "notice", "files", "ui", "key", "help", "dialog", "cli"]

    /// Literal keys in `.text("…"` calls and in `key: "…"` arguments (`AppError`,
    /// `FileProblem`). Interpolated literals are skipped: their keys are checked through the
    /// enums they are built from.
    static func literalKeys(in source: String) throws -> [String] {
        // `.text("…")`, `key: "…"`, and any other whole string literal in a catalog namespace
        // (e.g. `report("files.entry_invalid", …)`).
        let patterns = [#"\.text\(\s*"([^"\\\n]+)""#, #"\bkey:\s*"([^"\\\n]+)""#,
                        #""([a-z]+\.[A-Za-z0-9_.-]+[A-Za-z0-9_])""#]
        var keys: [String] = []
        for pattern in patterns {
            let regex = try Regex(pattern)
            for match in source.matches(of: regex) {
                guard let captured = match.output[1].substring else { continue }
                let key = String(captured)
                // A literal ending in "." is a prefix completed at run time (e.g. "validation." + code).
                guard key.contains("."), !key.hasSuffix("."), namespaces.contains(String(key.prefix { $0 != "." })) else { continue }
                keys.append(key)
            }
        }
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }

    /// The raw values of `enum <name>: String`, from its `case` lines.
    static func rawValues(ofEnum name: String, in source: String) throws -> [String]? {
        guard let header = source.range(of: "enum \(name): String") else { return nil }
        let body = source[header.upperBound...]
        guard let open = body.firstIndex(of: "{") else { return nil }
        var depth = 0
        var end = body.endIndex
        for index in body[open...].indices {
            if body[index] == "{" { depth += 1 }
            if body[index] == "}" {
                depth -= 1
                if depth == 0 { end = index; break }
            }
        }
        var values: [String] = []
        let quoted = try Regex(#"=\s*"([^"]*)""#)
        for line in body[open..<end].split(separator: "\n") {
            let code = String(line).components(separatedBy: "//")[0]
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("case ") else { continue }
            for item in trimmed.dropFirst(5).split(separator: ",") {
                let piece = String(item).trimmingCharacters(in: .whitespaces)
                if let match = try quoted.firstMatch(in: piece), let raw = match.output[1].substring {
                    values.append(String(raw))
                } else {
                    values.append(piece.replacingOccurrences(of: "`", with: ""))
                }
            }
        }
        return values
    }
}

@Suite("Keys used in Sources")
struct SourceKeyUsageTests {
    @Test("every catalog key literal used in Sources exists in all three catalogs")
    func everyKeyLiteralInSourcesExists() throws {
        let catalogs = try RepositoryFiles.allCatalogs()
        let files = try RepositoryFiles.swiftSources()
        #expect(files.count > 5, "Sources was not found at \(RepositoryFiles.sources.path)")
        for file in files {
            for key in try SourceScanner.literalKeys(in: file.text) {
                for language in AppLanguage.allCases where catalogs[language]?[key] == nil {
                    Issue.record("\(file.path) uses \(key), missing from \(language.rawValue).json")
                }
            }
        }
    }

    @Test("the scanner finds literal keys and ignores everything else")
    func scannerFindsKeys() throws {
        let sample = #"""
        let a = localizer.text("status.connected")
        let b = l.text( "notice.fallback", ["server": name])
        let c = AppError(key: "error.timeout.message", parameters: [:])
        let d = FileProblem(key: "files.moved_aside")
        let e = localizer.text("error.\(code.rawValue).message")
        let f = settings["key": "backend_server_address"]
        let g = json(key: "connection_timeout")
        let h = text("plain.function")
        let i = localizer.text("nonexistent.key.for.test")
        """#
        let keys = try SourceScanner.literalKeys(in: sample)
        #expect(Set(keys) == ["status.connected", "notice.fallback", "error.timeout.message",
                              "files.moved_aside"])
    }

    @Test("the existence check would catch a missing key")
    func missingKeyIsCaught() throws {
        let catalog = Localizer.catalog(for: .en)
        let keys = try SourceScanner.literalKeys(in: #"x.text("ui.no_such_label") + y.text("ui.status")"#)
        #expect(keys == ["ui.no_such_label", "ui.status"])
        #expect(keys.filter { catalog[$0] == nil } == ["ui.no_such_label"])
    }

    /// Shared enums whose every case is drawn through a catalog key.
    static let codeEnums: [(name: String, keys: @Sendable (String) -> [String])] = [
        ("ValidationCode", { ["validation.\($0)"] }),
        ("ConnectivityErrorCode", { ["error.\($0).message", "error.\($0).action", "error.\($0).short"] }),
        ("ConnectionStatus", { ["status.\($0)"] }),
        ("ServerSource", { ["source.\($0)"] }),
        ("CheckEndpoint", { ["check.\($0)"] }),
        ("SwitchStep", { ["switch.step.\($0)"] }),
    ]

    @Test("every case of the shared code enums has its strings")
    func everyCodeHasStrings() throws {
        let catalogs = try RepositoryFiles.allCatalogs()
        let files = try RepositoryFiles.swiftSources()
        for codeEnum in Self.codeEnums {
            let found = try files.compactMap { try SourceScanner.rawValues(ofEnum: codeEnum.name, in: $0.text) }
            guard let values = found.first else {
                Issue.record("enum \(codeEnum.name) not found in Sources")
                continue
            }
            #expect(!values.isEmpty, "\(codeEnum.name) has no cases")
            for value in values {
                for key in codeEnum.keys(value) {
                    for language in AppLanguage.allCases where catalogs[language]?[key] == nil {
                        Issue.record("\(codeEnum.name).\(value): \(key) missing from \(language.rawValue).json")
                    }
                }
            }
        }
    }

    @Test("enum raw values are read from source as Swift defines them")
    func enumScanner() throws {
        let sample = """
        public enum Sample: String, CaseIterable {
            case plain
            case renamed = "re_named"
            case `default`
            case one, two = "zwei" // a comment
            var ignored: Int { switch self { case .plain: 1 default: 2 } }
        }
        enum Other: String { case nope }
        """
        let values = try SourceScanner.rawValues(ofEnum: "Sample", in: sample)
        #expect(values == ["plain", "re_named", "default", "one", "zwei"])
        #expect(try SourceScanner.rawValues(ofEnum: "Missing", in: sample) == nil)
    }
}
