import Foundation
import Localization
import Testing
import TestSupport

/// `fleet` against a query API that answers badly (SPEC §15.4, issue 28 "Bad input"): garbage,
/// an HTML page, 401, nothing at all (a hang), a certificate from a CA it does not trust, a
/// refused connection; and a URL or token file it must not use. Each is told once on stderr,
/// with its reason in the run's language; the token never appears; exit 2 when the source
/// could not answer, 1 for input refused before asking.
@Suite("fleet: bad answers and bad input", .serialized)
struct FleetBadAnswerTests {
    static let host = "prometheus.example.org"
    static let token = "s3cret-token-0123456789abcdef"

    final class Stub: Sendable {
        let port: Int
        let caFile: String
        private let child: ChildProcess

        init(in home: TemporaryHome) async throws {
            let directory = home.path + "/query-stub"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let script = (WebhookReceiver.script as NSString).deletingLastPathComponent + "/query_api_stub.py"
            let child = try ChildProcess(BinaryRunner(program: "python3", home: home.path), [script, "--dir", directory])
            self.child = child
            guard await eventually(seconds: 60, { FileManager.default.fileExists(atPath: directory + "/ready.json") }),
                  let data = FileManager.default.contents(atPath: directory + "/ready.json"),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let port = object["port"] as? Int, let ca = object["ca"] as? String else {
                child.killNow()
                throw TestSupportError.setupFailed("query stub not ready: \(child.standardError)")
            }
            self.port = port
            caFile = ca
        }

        deinit { child.killNow() }
    }

    /// Runs `fleet` against the stub's `mode`, trusting `caFile`, with a token.
    func run(_ session: CLI.Session, _ stub: Stub, mode: String, language: AppLanguage,
             caFile: String? = nil) async throws -> ProcessResult {
        let tokenFile = session.home.path + "/token"
        try TestFile.write(Data((Self.token + "\n").utf8), to: tokenFile)
        return try await session.run(arguments: ["fleet", "--prometheus", "https://\(Self.host)/\(mode)", "--token-file", tokenFile,
                                                 "--cacert", caFile ?? stub.caFile,
                                                 "--connect-to", "\(Self.host):443:127.0.0.1:\(stub.port)",
                                                 "--lang", language.rawValue])
    }

    func toldOnce(_ result: ProcessResult, _ language: AppLanguage, _ key: String, _ parameters: [String: String],
                  status: Int32 = 2) {
        let expected = CLI.text(language, "cli.error.prefix") + ": " + CLI.text(language, key, parameters)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(result.exitCode == status, "\(key): \(result)")
        #expect(lines == [expected], "\(key) in \(language): \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(!(result.standardOutput + result.standardError).contains(Self.token), "the token was printed")
    }

    @Test("garbage, HTML, 401, a hang, an untrusted certificate: each told once, in each language", arguments: AppLanguage.allCases)
    func badAnswers(language: AppLanguage) async throws {
        let session = try CLI.Session()
        try session.home.write(#"{"connection_timeout": 5}"# + "\n", to: "config/verbumcare/settings.json")
        let stub = try await Stub(in: session.home)
        for (mode, key) in [("garbage", "fleet.error.not_json"), ("html", "fleet.error.not_json"),
                            ("unauthorized", "fleet.error.unauthorized")] {
            let source = "https://\(Self.host)/\(mode)"
            let result = try await run(session, stub, mode: mode, language: language)
            toldOnce(result, language, key, ["source": source, "status": "401"])
        }
        let hang = try await run(session, stub, mode: "hang", language: language)
        let timeout = CLI.text(language, "error.timeout.short", ["seconds": "5"])
        toldOnce(hang, language, "fleet.error.unreachable", ["source": "https://\(Self.host)/hang", "reason": timeout])

        // A CA that did not sign the stub's certificate: the demo's own throwaway CA is another one.
        let otherCA = session.home.path + "/other-ca.pem"
        _ = ShellCommand.run("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout /dev/null"
                             + " -out '\(otherCA)' -subj '/CN=Other CA' -days 1 2>/dev/null")
        let untrusted = try await run(session, stub, mode: "empty", language: language, caFile: otherCA)
        toldOnce(untrusted, language, "fleet.error.unreachable",
                 ["source": "https://\(Self.host)/empty", "reason": CLI.text(language, "error.tls_untrusted.short")])
        // The same stub trusted: an answer with no series is an empty fleet, not an error.
        let empty = try await run(session, stub, mode: "empty", language: language)
        #expect(empty.exitCode == 0 && empty.standardError.isEmpty, "\(empty)")
    }

    @Test("a refused connection, a URL with a password, a token over http, unusable token files")
    func badInput() async throws {
        let session = try CLI.Session()
        let refused = try await session.run("fleet", "--prometheus", "http://127.0.0.1:9", "--lang", "en")
        toldOnce(refused, .en, "fleet.error.unreachable",
                 ["source": "http://127.0.0.1:9", "reason": CLI.text(.en, "error.connect.short")])
        let password = try await session.run("fleet", "--prometheus", "https://admin:hunter2@prom.example.org", "--lang", "ja")
        toldOnce(password, .ja, "cli.fleet.credentials_in_url", [:], status: 1)
        #expect(!password.standardError.contains("hunter2"))
        let tokenFile = session.home.path + "/token"
        try TestFile.write(Data((Self.token + "\n").utf8), to: tokenFile)
        let overHTTP = try await session.run("fleet", "--prometheus", "http://prom.example.org", "--token-file", tokenFile,
                                             "--lang", "zh-Hant")
        toldOnce(overHTTP, .zhHant, "cli.fleet.token_over_http", [:], status: 1)
        let missing = try await session.run("fleet", "--prometheus", "https://prom.example.org", "--token-file",
                                            session.home.path + "/none", "--lang", "en")
        toldOnce(missing, .en, "cli.token_file.missing", ["path": session.home.path + "/none"], status: 1)
        try TestFile.write(Data((Self.token + "\r\nX-Injected: 1\n").utf8), to: tokenFile)
        let injected = try await session.run("fleet", "--prometheus", "https://prom.example.org", "--token-file", tokenFile,
                                             "--lang", "en")
        toldOnce(injected, .en, "cli.token_file.line_break", ["path": tokenFile], status: 1)
        // The one reader of token files (`TokenFile`, as `remote_write_token_file`): a token others
        // can read is no secret, and is refused with its mode.
        try TestFile.write(Data((Self.token + "\n").utf8), to: tokenFile)
        chmod(tokenFile, 0o644)
        let open = try await session.run("fleet", "--prometheus", "https://prom.example.org", "--token-file", tokenFile,
                                         "--lang", "ja")
        toldOnce(open, .ja, "cli.token_file.open", ["path": tokenFile, "mode": "644"], status: 1)
    }
}
