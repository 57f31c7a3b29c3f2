import Foundation
import Localization
import Testing
import TestSupport

/// Issue 27 items 4 and 6 against the demo backend, in the three languages: `status --json`
/// and `check --json` carry the message the text form shows (the run's language, the host as
/// the person knows it), libcurl's text only as `detail` and never with the `--connect-to`
/// address; `auth` is a tick only for VerbumCare's answer of `/api/auth/me`.
@Suite("Messages in the run's language, with the host as people know it")
struct MessageLanguageTests {
    static func errors(_ document: [String: Any]) -> [[String: Any]] {
        (document["checks"] as? [[String: Any]] ?? []).compactMap { $0["error"] as? [String: Any] }
    }

    @Test("status --json: a refused connection", arguments: AppLanguage.allCases)
    func refused(language: AppLanguage) async throws {
        let backend = try await DemoBackendProcess.start(initialModes: ["pn51": "down"])
        defer { backend.stop() }
        let session = try CLI.Session()
        let network = ["--cacert", backend.caFile, "--lang", language.rawValue] + backend.connectTo.flatMap { ["--connect-to", $0] }
        let port = String(try #require(backend.port(of: "pn51")))
        let result = try await session.run(arguments: network + ["status", "--json"])
        #expect(result.exitCode == 2, "\(result)")
        let document = try CLI.object(result.standardOutput)
        let errors = Self.errors(document)
        #expect(errors.count == 4, "\(result.standardOutput)")
        let expected = CLI.text(language, "error.connect.message", ["host": "verbumcare-lab.local"])
        for error in errors {
            let message = error["message"] as? String ?? ""
            let detail = error["detail"] as? String ?? ""
            #expect(message == expected, "\(error)")
            for text in [message, detail] {
                #expect(!text.contains("127.0.0.1") && !text.contains(port), "the connect-to address: \(error)")
            }
            #expect(!message.contains("Failed to connect"), "libcurl's words only as detail: \(error)")
        }
        // The text form says the same words.
        let text = try await session.run(arguments: network + ["status"])
        #expect(text.standardOutput.contains(expected), "\(text)")
        #expect(!text.standardOutput.contains("127.0.0.1") && !text.standardError.contains("127.0.0.1"), "\(text)")
    }

    @Test("auth: an HTML page and another JSON shape are not a tick", arguments: AppLanguage.allCases)
    func authShape(language: AppLanguage) async throws {
        let backend = try await DemoBackendProcess.start(initialModes: ["pn51": "auth_html", "mac-mini": "auth_json"])
        defer { backend.stop() }
        let session = try CLI.Session()
        let network = ["--cacert", backend.caFile, "--lang", language.rawValue] + backend.connectTo.flatMap { ["--connect-to", $0] }
        for (server, cause) in [("pn51", "html_page"), ("mac-mini", "auth_shape")] {
            let result = try await session.run(arguments: network + ["check", server, "--json"])
            let document = try CLI.object(result.standardOutput)
            #expect(document["connectionStatus"] as? String == "connected", "health still answers: \(result)")
            let checks = document["checks"] as? [[String: Any]] ?? []
            let auth = try #require(checks.first { $0["endpoint"] as? String == "auth" }, "\(result)")
            #expect(auth["status"] as? String == "failure", "\(auth)")
            #expect(auth["httpStatus"] as? Int == 200, "\(auth)")
            let error = try #require(auth["error"] as? [String: Any], "\(auth)")
            #expect(error["code"] as? String == "bad_response", "\(error)")
            let message = CLI.text(language, "error.bad_response.\(cause).message")
            #expect(error["message"] as? String == message, "\(error)")
            // The text form's row: a cross and the reason, never a tick.
            let text = try await session.run(arguments: network + ["check", server])
            let row = text.standardOutput.split(separator: "\n").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(CLI.text(language, "check.auth") + " ")
            }.map(String.init) ?? ""
            #expect(row.contains("✗") && !row.contains("✓") && row.contains(message), "\(text)")
        }
        // `check --all` and nagios say what each degraded check met, not "auth failed".
        let all = try await session.run(arguments: network + ["check", "--all"])
        for (server, cause) in [("pn51", "html_page"), ("mac-mini", "auth_shape")] {
            let row = all.standardOutput.split(separator: "\n").first { $0.split(separator: " ").contains { $0 == server } } ?? ""
            #expect(row.contains(CLI.text(language, "cli.check.degraded",
                                          ["check": "auth", "reason": CLI.text(language, "error.bad_response.\(cause).short")])),
                    "\(all)")
        }
    }
}
