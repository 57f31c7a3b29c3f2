import Foundation
import Localization
import Testing
import TestSupport

/// The push's settings through the real binary (issue 28): `remote_write_url` (https, no user
/// name or password), `remote_write_token_file` (a file only its owner can read, one line) and
/// `facility`. Each refusal says why in three languages, names no secret, and leaves the file
/// as it was; `settings show` and `doctor` name the receiver without its secrets.
@Suite("remote write settings: refusals with reasons, nothing secret shown")
struct RemoteWriteSettingsTests {
    static let password = "S3cretPassw0rd"
    static let token = "T0kenInQuery"

    @Test("refusals say why, in three languages, and leave the file as it was", arguments: AppLanguage.allCases)
    func refusals(language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        let folder = session.home.path
        let good = folder + "/token"
        try "abc123\n".write(toFile: good, atomically: false, encoding: .utf8)
        chmod(good, 0o600)
        #expect(try await session.run("settings", "set", "remote_write_url", "https://prom.example/api/v1/write").exitCode == 0)
        #expect(try await session.run("settings", "set", "remote_write_token_file", good).exitCode == 0)
        let open = folder + "/open-token", broken = folder + "/crlf-token", missing = folder + "/nothing"
        let escaped = folder + "/esc-token"
        try "abc\u{1B}[2J123\n".write(toFile: escaped, atomically: false, encoding: .utf8)
        chmod(escaped, 0o600)
        try "abc123\n".write(toFile: open, atomically: false, encoding: .utf8)
        chmod(open, 0o644)
        try "abc\r\n123\n".write(toFile: broken, atomically: false, encoding: .utf8)
        chmod(broken, 0o600)
        let before = session.settingsBytes()
        let cases: [(key: String, value: String, message: String, parameters: [String: String])] = [
            ("remote_write_url", "http://prom.example/api/v1/write", "cli.remote_write.not_https",
             ["value": "http://prom.example/api/v1/write"]),
            ("remote_write_url", "https://alice:\(Self.password)@prom.example/api/v1/write?token=\(Self.token)",
             "cli.remote_write.credentials", ["value": "https://***@prom.example/api/v1/write?***"]),
            ("remote_write_token_file", missing, "cli.token_file.missing", ["path": missing]),
            ("remote_write_token_file", open, "cli.token_file.open", ["path": open, "mode": "644"]),
            ("remote_write_token_file", broken, "cli.token_file.line_break", ["path": broken]),
            ("remote_write_token_file", escaped, "cli.token_file.control", ["path": escaped]),
            ("facility", "a\u{7}b", "cli.facility.invalid", ["max": "128"]),
        ]
        for (key, value, message, parameters) in cases {
            let result = try await session.run("settings", "set", key, value)
            #expect(result.exitCode == 1, "\(key) \(value): \(result)")
            let expected = CLI.errorLine(language, message, parameters)
            #expect(result.standardError.contains(expected), "\(language) \(key): expected \(expected) in \(result)")
            #expect(!(result.standardOutput + result.standardError).contains(Self.password), "\(result)")
            #expect(!(result.standardOutput + result.standardError).contains(Self.token), "\(result)")
            #expect(session.settingsBytes() == before, "the file changed after refusing \(key) \(value)")
        }
    }

    @Test("settings show and doctor name the receiver without its query; the token is never shown")
    func shown() async throws {
        let session = try CLI.Session()
        let tokenFile = session.home.path + "/token"
        try "SecretBearerValue\n".write(toFile: tokenFile, atomically: false, encoding: .utf8)
        chmod(tokenFile, 0o600)
        let url = "https://prom.example/api/v1/write?token=\(Self.token)"
        for (key, value) in [("remote_write_url", url), ("remote_write_token_file", tokenFile), ("facility", " 東京第一 ")] {
            let result = try await session.run("settings", "set", key, value)
            #expect(result.exitCode == 0, "\(key): \(result)")
        }
        let show = try await session.run("settings", "show", "--json")
        let object = try CLI.object(show.standardOutput)
        #expect(object["remote_write_url"] as? String == "https://prom.example/api/v1/write?***")
        #expect(object["remote_write_token_file"] as? String == tokenFile)
        #expect(object["facility"] as? String == "東京第一")
        let doctor = try await session.run("doctor", "--json", "--lang", "en")
        let checks = try CLI.object(doctor.standardOutput)["checks"] as? [[String: Any]] ?? []
        let check = try #require(checks.first { $0["id"] as? String == "remote_write" }, "\(doctor)")
        #expect(check["message"] as? String == CLI.text(.en, "doctor.remote_write.not_yet",
                                                          ["url": "https://prom.example/api/v1/write?***"]))
        for output in [show.standardOutput, show.standardError, doctor.standardOutput, doctor.standardError] {
            #expect(!output.contains(Self.token) && !output.contains("SecretBearerValue"), "a secret was printed: \(output)")
        }
    }
}
