import Foundation
import Localization
import Testing
@testable import SettingsStore

/// Issue 27 item 6: a webhook settings.json refuses says why, in the three languages: a single
/// address not in a list, http, a user name or password, not an address. Before, each was
/// "has an invalid value" or "is not valid and was skipped" with no reason.
@Suite("settings.json: a refused webhook says why")
struct WebhookFileReasonTests {
    static func problems(_ json: String) throws -> [FileProblem] {
        let dir = PersistenceTempDir()
        try dir.write(Array(json.utf8), to: "config/verbumcare/settings.json")
        return NativeSettingsFile(path: dir.sub("config/verbumcare/settings.json"), environment: .production).load().problems
    }

    @Test(arguments: AppLanguage.allCases)
    func eachRefusalNamesItsReason(language: AppLanguage) throws {
        let text = Localizer(language: language)
        let single = try Self.problems(#"{"alert_webhooks": "https://localhost/x"}"#)
        #expect(single.map(\.key) == ["files.webhooks_not_list"])
        let list = try #require(single.first.map { text.text($0.key, $0.parameters) })
        #expect(list.contains("[\"https://localhost/x\"]"), "how to write it: \(list)")

        let entries = try Self.problems(#"{"alert_webhooks": ["http://hooks.example/x", "https://u:pa55w0rd@hooks.example/y", "https://hooks.example:99999/z", "https://localhost/ok"]}"#)
        #expect(entries.map(\.key) == ["files.webhook_not_https", "files.webhook_credentials", "files.webhook_invalid"])
        for problem in entries {
            let message = text.text(problem.key, problem.parameters)
            #expect(!message.contains("pa55w0rd"), "\(message)")
            #expect(message != text.text("files.entry_invalid", problem.parameters), "a reason: \(message)")
            #expect(message.firstMatch(of: /\{[A-Za-z_]+\}/) == nil, "\(message)")
        }
    }
}
