import Foundation
import Testing
import TestSupport

@Suite("lang --json and validate messages")
struct LangAndValidateTests {
    @Test("lang --json names the language and where it comes from")
    func langJSON() async throws {
        let session = try CLI.Session(lang: "zh_TW.UTF-8")
        let detected = try CLI.object(try await session.run("lang", "--json").standardOutput)
        #expect(detected["language"] as? String == "zh-Hant")
        #expect(detected["source"] as? String == "environment")
        let option = try CLI.object(try await session.run("lang", "--json", "--lang", "ja").standardOutput)
        #expect(option["language"] as? String == "ja")
        #expect(option["source"] as? String == "option")
        let set = try CLI.object(try await session.run("lang", "en", "--json").standardOutput)
        #expect(set["language"] as? String == "en" && set["source"] as? String == "saved")
        let saved = try CLI.object(try await session.run("lang", "--json").standardOutput)
        #expect(saved["language"] as? String == "en" && saved["source"] as? String == "saved")
    }

    @Test("validate '' says the address is empty; /api/health suggests /api")
    func validateMessages() async throws {
        let session = try CLI.Session()
        let empty = try await session.run("validate", "")
        #expect(empty.exitCode == 1)
        #expect(empty.standardOutput.hasPrefix(CLI.text(.en, "cli.validate.invalid_empty")), "\(empty)")
        let health = try CLI.object(try await session.run("validate", "https://host/api/health", "--json").standardOutput)
        #expect(health["suggestions"] as? [String] == ["https://host/api"])
        for input in ["https://ql1/api?o", "https://user@host/api", "https://h.example/api#frag"] {
            let result = try CLI.object(try await session.run("validate", input, "--json").standardOutput)
            #expect((result["suggestions"] as? [String])?.isEmpty == true, "\(input)")
        }
    }
}
