import Foundation
import Localization
import Testing
import TestSupport

/// `alert_webhooks` through the real binary (SPEC §15.3): `settings set` takes a JSON array,
/// one URL, or URLs separated by commas; `[]` or an empty value clears. A URL with a user name
/// or password, a plain-http one and a malformed list are refused with their own reason in
/// every language, and the file is left as it was. A password or a query token is never
/// printed or logged, by any command.
@Suite("alert_webhooks: syntax, refusals with reasons, nothing secret shown")
struct WebhookSettingsTests {
    static let password = "S3cretPassw0rd"
    static let token = "T0kenInQuery"

    static func webhooks(_ session: CLI.Session) -> [String]? {
        session.settingsObject()?["alert_webhooks"] as? [String]
    }

    @Test("a JSON array, one URL, URLs separated by commas; [] and an empty value clear")
    func syntax() async throws {
        let session = try CLI.Session()
        let cases: [(value: String, expected: [String])] = [
            (#"["https://a.example/x","https://b.example/y"]"#, ["https://a.example/x", "https://b.example/y"]),
            ("[]", []),
            ("https://hooks.example.org/verbumcare", ["https://hooks.example.org/verbumcare"]),
            ("https://a.example/x, https://b.example/y,https://a.example/x", ["https://a.example/x", "https://b.example/y"]),
            ("", []),
            (#" [ "https://c.example/z" ] "#, ["https://c.example/z"]),
            ("https://localhost/x", ["https://localhost/x"]),
        ]
        for (value, expected) in cases {
            let result = try await session.run("settings", "set", "alert_webhooks", value)
            #expect(result.exitCode == 0, "\(value): \(result)")
            #expect(Self.webhooks(session) == expected, "\(value) → \(Self.webhooks(session) ?? [])")
        }
        // The syntax docs/ALERTS.md gives, word for word.
        let documented = try String(contentsOfFile: GeneratedFilesTests.repository.appendingPathComponent("docs/ALERTS.md").path, encoding: .utf8)
        let line = try #require(documented.split(separator: "\n").first { $0.contains("settings set alert_webhooks") })
        let quoted = try #require(line.split(separator: "'").dropFirst().first.map(String.init), "\(line)")
        let fromDocs = try await session.run("settings", "set", "alert_webhooks", quoted)
        #expect(fromDocs.exitCode == 0, "\(quoted): \(fromDocs)")
    }

    @Test("refusals say why, in three languages, name the address without its password, and leave the file as it was",
          arguments: AppLanguage.allCases)
    func refusals(language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        #expect(try await session.run("settings", "set", "alert_webhooks", "https://kept.example/x").exitCode == 0)
        let before = session.settingsBytes()
        let cases: [(value: String, key: String, shown: String?)] = [
            ("https://alice:\(Self.password)@hooks.example/x", "cli.webhook.credentials", "https://***@hooks.example/x"),
            ("https://alice:\(Self.password)/x@hooks.example/x", "cli.webhook.credentials", "https://***@hooks.example/x"),
            (#"["https://a.example/x", "https://bob:\#(Self.password)@b.example/y"]"#, "cli.webhook.credentials",
             "https://***@b.example/y"),
            ("http://hooks.example/x", "cli.webhook.not_https", "http://hooks.example/x"),
            ("https://hooks.example/x?token=\(Self.token)&a=b, ftp://x", "cli.webhook.not_https", "ftp://x"),
            (#"["https://a.example/x""#, "cli.webhook.not_json_list", nil),
            ("[1, 2]", "cli.webhook.not_json_list", nil),
            ("https:///nohost", "cli.webhook.invalid", "https:///nohost"),
            // Which part is wrong (issue 27: every refusal says why).
            ("https://hooks.example:99999/x", "cli.webhook.invalid_port", "https://hooks.example:99999/x"),
            ("https://hooks.example/a b", "cli.webhook.invalid_character", "https://hooks.example/a b"),
        ]
        for (value, key, shown) in cases {
            let result = try await session.run("settings", "set", "alert_webhooks", value)
            #expect(result.exitCode == 1, "\(value): \(result)")
            var parameters = shown.map { ["value": $0] } ?? [:]
            if key == "cli.webhook.invalid_port" { parameters["port"] = "99999" }
            let expected = CLI.errorLine(language, key, parameters)
            #expect(result.standardError.contains(expected), "\(language) \(value): expected \(expected) in \(result)")
            #expect(!(result.standardOutput + result.standardError).contains(Self.password), "\(result)")
            #expect(!(result.standardOutput + result.standardError).contains(Self.token), "\(result)")
            #expect(session.settingsBytes() == before, "the file changed after refusing \(value)")
        }
    }

    /// A hand-edited settings.json with a webhook that holds a password and one whose query
    /// holds a token (on a port where nothing listens: its delivery is refused). Every command
    /// that names webhooks, and the log, shows neither secret; `alerts test` says why the
    /// webhook failed in words, in every language.
    @Test("a password or a query token is never printed or logged; a refused webhook says why")
    func secretsNeverShown() async throws {
        let session = try CLI.Session()
        let settings = #"{"alert_webhooks": ["https://alice:\#(Self.password)@hooks.example/x", "https://localhost:1/x?token=\#(Self.token)"]}"#
        try session.home.write(settings + "\n", to: "config/verbumcare/settings.json")
        var outputs: [String] = []
        for arguments in [["settings", "show"], ["settings", "show", "--json"], ["doctor"], ["doctor", "--json"]] {
            let result = try await session.run(arguments: arguments + ["--lang", "en"])
            outputs.append("\(arguments): \(result.standardOutput)\n\(result.standardError)")
        }
        let show = try await session.run("settings", "show", "--json")
        let shown = try CLI.object(show.standardOutput)["alert_webhooks"] as? [String]
        #expect(shown == ["https://localhost:1/x?***"], "the refused entry is left out, the other named without its query: \(show)")

        for language in AppLanguage.allCases {
            let result = try await session.run("alerts", "test", "--lang", language.rawValue)
            outputs.append("alerts test \(language): \(result.standardOutput)\n\(result.standardError)")
            #expect(result.exitCode == 1, "\(result)")
            let why = CLI.text(language, "error.connect.message", ["host": "localhost"])
            let line = "✗ https://localhost:1/x?***  " + CLI.text(language, "cli.alerts.webhook_failed", ["detail": why, "tries": "3"])
            #expect(result.standardOutput.contains(line), "\(language): expected \(line) in \(result)")
        }
        for output in outputs {
            #expect(!output.contains(Self.password) && !output.contains(Self.token), "a secret was printed: \(output)")
        }
        // Every file the runs left (the log above all), but settings.json itself and its lock.
        let files = FileManager.default.enumerator(atPath: session.home.path)?.compactMap { $0 as? String } ?? []
        var logged = false
        for file in files where !file.hasSuffix("settings.json") && !file.contains("settings.json.") {
            let path = session.home.path + "/" + file
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { continue }
            #expect(!text.contains(Self.password) && !text.contains(Self.token), "a secret in \(file): \(text)")
            if file.hasSuffix(".log") {
                logged = logged || text.contains("alert target failed") && text.contains("https://localhost:1/x?***")
            }
        }
        #expect(logged, "the failing webhook is named in the log, without its query: \(files)")
    }
}
