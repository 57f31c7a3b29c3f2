import Foundation
import Localization
import Testing
import TestSupport

/// Issue 27 item 6 for an internationalized custom server against the demo backend: the
/// messages `status` words name the host as the person knows it (病院.example.jp), in the
/// text form and in `status --json`'s `message`, in the three languages; the A-label stays
/// where the address itself is (`server.host`, the URL).
@Suite("Messages name an internationalized host in its Unicode form")
struct ReadableHostMessageTests {
    static let unicode = "病院.example.jp"
    static let aLabel = "xn--0rys90e.example.jp"

    /// `status` in `language` for the configured 病院.example.jp, reached through `--connect-to`
    /// at pn51's port of the demo backend (`mode`: "down" refuses, "up" shows a certificate
    /// made for another name).
    static func status(_ language: AppLanguage, mode: String) async throws -> (json: ProcessResult, text: ProcessResult) {
        let backend = try await DemoBackendProcess.start(initialModes: ["pn51": mode])
        defer { backend.stop() }
        let session = try CLI.Session()
        try session.home.write("""
            {"backend_server_address": "https://\(aLabel)/api", "custom_servers": ["https://\(aLabel)/api"],
             "auto_switch_on_failure": false}
            """, to: "config/verbumcare/settings.json")
        let port = String(try #require(backend.port(of: "pn51")))
        let network = ["--cacert", backend.caFile, "--lang", language.rawValue, "--connect-to", "\(aLabel):443:127.0.0.1:\(port)"]
        let json = try await session.run(arguments: network + ["status", "--json"])
        let text = try await session.run(arguments: network + ["status"])
        return (json, text)
    }

    @Test("a refused connection and a certificate for another name name 病院.example.jp",
          arguments: AppLanguage.allCases, [("down", "error.connect.message"), ("up", "error.tls_hostname.message")])
    func readableHost(language: AppLanguage, fault: (String, String)) async throws {
        let (mode, key) = fault
        let (json, text) = try await Self.status(language, mode: mode)
        #expect(json.exitCode == 2, "\(json)")
        let document = try CLI.object(json.standardOutput)
        let server = document["server"] as? [String: Any] ?? [:]
        #expect(server["host"] as? String == Self.aLabel, "the address keeps its A-label: \(server)")
        let checks = document["checks"] as? [[String: Any]] ?? []
        let health = try #require(checks.first { $0["endpoint"] as? String == "health" }, "\(json)")
        let error = try #require(health["error"] as? [String: Any], "\(health)")
        let expected = CLI.text(language, key, ["host": Self.unicode])
        #expect(error["message"] as? String == expected, "\(error)")
        #expect(!(error["message"] as? String ?? "").contains("xn--"), "\(error)")
        #expect(text.standardOutput.contains(expected) || text.standardError.contains(expected), "\(text)")
    }
}
