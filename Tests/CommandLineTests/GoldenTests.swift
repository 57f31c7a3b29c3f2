import Foundation
import Localization
import Testing
import TestSupport

/// Whole outputs compared with files under `Golden/`, in the three languages.
///
/// After an intended change of output, regenerate with
/// `VERBUMCARE_UPDATE_GOLDEN=1 swift test --filter CommandLineTests.GoldenTests` and review
/// the diff. The temporary home's path is written as `$HOME` so the files are stable.
@Suite struct GoldenTests {
    static let addresses = [
        "https://verbumcare-lab.local/api",
        "https://verbumcaremac-mini/api",
        "https://verbumcarenomac-mini.local/api",
        "HTTPS://Ward3.Example.org:443//API/",
        "https://ward3.example.org:8080/care/api",
        "http://ward4.local/api",
        "ward5.example.org/api",
        "https://10.0.0.5/api",
        "https://[::1]/api",
        "https://user:secret@ward6.example.org/api",
        "https://ward7.example.org/api?x=1",
        "https://ward8.example.org",
        "https://bad_host.example.org/api",
        "https://ward9.example.org:70000/api",
        "   ",
    ]

    @Test(arguments: AppLanguage.allCases)
    func validateJSON(_ language: AppLanguage) async throws {
        let session = try CLI.Session()
        var text = ""
        for address in Self.addresses {
            let result = try await session.run("validate", address, "--json", "--lang", language.rawValue)
            text += Self.record(result, title: "validate --json \(address)", home: session.home.path)
        }
        try Self.compare(text, golden: "validate-json.\(language.rawValue).txt")
    }

    @Test(arguments: AppLanguage.allCases)
    func validateHuman(_ language: AppLanguage) async throws {
        let session = try CLI.Session()
        var text = ""
        for address in Self.addresses {
            let result = try await session.run("validate", address, "--lang", language.rawValue)
            text += Self.record(result, title: "validate \(address)", home: session.home.path)
        }
        try Self.compare(text, golden: "validate.\(language.rawValue).txt")
    }

    /// `servers`, `settings show` and `paths`, for people and as JSON, with a custom server
    /// configured, and the refusals of `settings set`.
    @Test(arguments: AppLanguage.allCases)
    func listings(_ language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        var text = ""
        let setup = [["settings", "add-custom", "https://ward3.example.org/api"],
                     ["settings", "add-custom", "https://10.1.2.3:8443/care/api"],
                     ["settings", "set", "backend_server_address", "custom-ward3-example-org"],
                     ["settings", "set", "connection_timeout", "20"]]
        for arguments in setup + [["servers"], ["servers", "--json"], ["settings", "show"], ["settings", "show", "--json"],
                                  ["paths"], ["paths", "--json"], ["lang"],
                                  ["settings", "set", "connection_timeout", "99"],
                                  ["settings", "set", "auto_switch_on_failure", "maybe"],
                                  ["settings", "set", "backend_server_address", "http://x/api"],
                                  ["settings", "remove-custom", "nothing"]] {
            let result = try await session.run(arguments: arguments)
            text += Self.record(result, title: arguments.joined(separator: " "), home: session.home.path)
        }
        try Self.compare(text, golden: "listings.\(language.rawValue).txt")
    }

    static func record(_ result: ProcessResult, title: String, home: String) -> String {
        let body = "### \(title)\nexit: \(result.exitCode.map(String.init) ?? "signal \(result.signal ?? 0)")\n"
            + "--- stdout\n\(result.standardOutput)--- stderr\n\(result.standardError)\n"
        return body.replacingOccurrences(of: home, with: "$HOME")
    }

    static var goldenDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    static func compare(_ actual: String, golden name: String) throws {
        let url = goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["VERBUMCARE_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try #require(try? String(contentsOf: url, encoding: .utf8),
                                    "missing golden file \(name); run with VERBUMCARE_UPDATE_GOLDEN=1")
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
            let where_ = first.map { "line \($0.offset + 1):\n- \($0.element.0)\n+ \($0.element.1)" }
                ?? "lengths differ (\(expectedLines.count) vs \(actualLines.count) lines)"
            Issue.record("\(name) differs at \(where_)\n(regenerate with VERBUMCARE_UPDATE_GOLDEN=1 if intended)")
        }
    }
}
