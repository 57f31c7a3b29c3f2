import Foundation
import Testing
import TestSupport

/// SPEC §4 in every entry point of the command line: what a Japanese input method types
/// (full-width ASCII, `。`) and internationalized host names are read as meant by `validate`,
/// `settings add-custom` and a hand-written settings.json, never refused as "not a valid address".
@Suite("Input methods and IDN on the command line")
struct InputMethodCLITests {
    @Test("validate reads full-width text and 。 as ASCII and says so")
    func validateFullWidth() async throws {
        let session = try CLI.Session()
        let result = try await session.run("validate", "ｈｔｔｐｓ：／／ｖｃ．ｅｘａｍｐｌｅ／ａｐｉ", "--json")
        #expect(result.exitCode == 0, "\(result)")
        let json = try CLI.object(result.standardOutput)
        #expect(json["isValid"] as? Bool == true)
        #expect(json["normalizedAddress"] as? String == "https://vc.example/api")
        let codes = (json["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("fullwidth_converted"), "\(codes)")

        let stops = try await session.run("validate", "https://ward4。example。org/api")
        #expect(stops.exitCode == 0, "\(stops)")
        #expect(stops.standardOutput.contains("https://ward4.example.org/api"), "\(stops)")
        #expect(stops.standardOutput.contains(CLI.text(.en, "validation.fullwidth_converted")), "\(stops)")
    }

    @Test("validate converts a Unicode host to A-labels and shows both forms, in Japanese too")
    func validateIDN() async throws {
        let session = try CLI.Session(lang: "ja_JP.UTF-8")
        let result = try await session.run("validate", "https://病院.example.jp/api")
        #expect(result.exitCode == 0, "\(result)")
        let message = CLI.text(.ja, "validation.idn_host", ["host": "病院.example.jp", "ascii": "xn--0rys90e.example.jp"])
        #expect(result.standardOutput.contains(message), "\(result)")
        #expect(result.standardOutput.contains("https://xn--0rys90e.example.jp/api"), "\(result)")
    }

    @Test("settings add-custom takes full-width and Unicode addresses, stored normalized")
    func addCustom() async throws {
        let session = try CLI.Session()
        let wide = try await session.run("settings", "add-custom", "ｈｔｔｐｓ：／／ｗａｒｄ５．ｅｘａｍｐｌｅ．ｏｒｇ／ａｐｉ")
        #expect(wide.exitCode == 0, "\(wide)")
        let idn = try await session.run("settings", "add-custom", "https://病棟。example。jp/api")
        #expect(idn.exitCode == 0, "\(idn)")
        #expect(session.customServers() == ["https://ward5.example.org/api", "https://xn--o2v18y.example.jp/api"])
    }

    @Test("a hand-written settings.json with full-width and Unicode addresses is read, not refused")
    func settingsFile() async throws {
        let session = try CLI.Session()
        try session.home.write(#"{"custom_servers": ["ｈｔｔｐｓ：／／ｗａｒｄ６．ｅｘａｍｐｌｅ．ｏｒｇ／ａｐｉ", "https://病院.example.jp/api"]}"#,
                               to: "config/verbumcare/settings.json")
        let servers = try await session.run("servers", "--json")
        #expect(servers.exitCode == 0, "\(servers)")
        let urls = try CLI.array(servers.standardOutput).compactMap { $0["baseUrl"] as? String }
        #expect(urls.contains("https://ward6.example.org/api") && urls.contains("https://xn--0rys90e.example.jp/api"), "\(urls)")
    }

    @Test("servers names an internationalized server in both forms: the text for people, the JSON under stable names",
          arguments: ["en", "ja", "zh-Hant"])
    func serversBothForms(language: String) async throws {
        let session = try CLI.Session()
        try session.home.write(#"{"custom_servers": ["https://病院.example.jp:8443/api"]}"#, to: "config/verbumcare/settings.json")
        let json = try await session.run("servers", "--json", "--lang", language)
        #expect(json.exitCode == 0, "\(json)")
        let server = try #require(try CLI.array(json.standardOutput).first { $0["isCustom"] as? Bool == true })
        #expect(server["host"] as? String == "xn--0rys90e.example.jp")
        #expect(server["hostUnicode"] as? String == "病院.example.jp")
        #expect(server["displayName"] as? String == "xn--0rys90e.example.jp:8443", "the stable name keeps its A-label")
        #expect(server["displayNameUnicode"] as? String == "病院.example.jp:8443")
        let text = try await session.run("servers", "--lang", language)
        let row = try #require(text.standardOutput.split(separator: "\n").first { $0.contains("custom-") }, "\(text)")
        #expect(row.contains("病院.example.jp:8443") && row.contains("xn--0rys90e.example.jp:8443"), "\(row)")
    }
}

