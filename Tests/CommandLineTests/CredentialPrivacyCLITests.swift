import Foundation
import Glibc
import Localization
import Testing
import TestSupport

/// Credentials stay private (docs/FILES-AND-SECRETS.md: Secrets): a shared credentials file or
/// folder is made private and told; another user's file is refused and its token not sent; a
/// token that is not a valid header value is never sent. Real files, the real binary, the demo
/// backend's own count of the headers it received.
@Suite("credentials stay private", .serialized)
struct CredentialPrivacyCLITests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// A home signed in to pn51 through the real `login`.
    static func signedIn(_ demo: DemoBackendProcess, prefix: String) async throws -> (TemporaryHome, BinaryRunner, String) {
        let home = try TemporaryHome(prefix: prefix)
        let runner = try BinaryRunner(home: home.path)
        let login = try await LoginCommandTests.run(runner, demo, ["login", "pn51", "--user", "demo", "--password-stdin"],
                                                    stdin: "demo")
        #expect(login.exitCode == 0, "\(login)")
        return (home, runner, home.stateDirectory + "/credentials/pn51.json")
    }

    static func authStatus(_ result: ProcessResult) throws -> Int? {
        let object = try CLI.object(result.standardOutput)
        let auth = (object["checks"] as? [[String: Any]])?.first { $0["endpoint"] as? String == "auth" }
        return auth?["httpStatus"] as? Int
    }

    @Test("a credentials file at 0644, 0640 or 0666 (and its folder at 0755) is made 0600/0700, told on stderr, and still used",
          arguments: [mode_t(0o644), 0o640, 0o666])
    func sharedFileIsFixed(_ shared: mode_t) async throws {
        let demo = try await DemoBackendProcess.start()
        defer { _ = demo.stop() }
        let (home, runner, credentials) = try await Self.signedIn(demo, prefix: "cred-mode")
        let folder = home.stateDirectory + "/credentials"
        #expect(chmod(credentials, shared) == 0)
        #expect(chmod(folder, 0o755) == 0)

        let check = try await LoginCommandTests.run(runner, demo, ["check", "pn51", "--json"])
        #expect(Self.mode(credentials) == 0o600, "stat after: \(String(Self.mode(credentials), radix: 8))")
        #expect(Self.mode(folder) == 0o700, "stat after: \(String(Self.mode(folder), radix: 8))")
        let fileNotice = CLI.text(.en, "files.credentials_fixed",
                                  ["path": credentials, "mode": "0" + String(shared, radix: 8), "fixed": "0600"])
        let folderNotice = CLI.text(.en, "files.credentials_fixed", ["path": folder, "mode": "0755", "fixed": "0700"])
        #expect(check.standardError.contains(fileNotice), "\(check.standardError)")
        #expect(check.standardError.contains(folderNotice), "\(check.standardError)")
        #expect(try Self.authStatus(check) == 200, "the fixed file's token is used: \(check)")

        // Told once: the next run finds them private and says nothing.
        let again = try await LoginCommandTests.run(runner, demo, ["check", "pn51", "--json"])
        #expect(!again.standardError.contains("credentials"), "\(again.standardError)")
    }

    @Test("a credentials file of another user is refused: not changed, its token not sent, and the reason told",
          .enabled(if: geteuid() == 0, "chown needs root"))
    func foreignFileIsRefused() async throws {
        let demo = try await DemoBackendProcess.start()
        defer { _ = demo.stop() }
        let (home, runner, credentials) = try await Self.signedIn(demo, prefix: "cred-owner")
        defer { withExtendedLifetime(home) {} } // the home (and its files) lives to the end
        let nobody: uid_t = 65534
        #expect(chown(credentials, nobody, gid_t(nobody)) == 0)
        #expect(chmod(credentials, 0o644) == 0)
        try demo.resetStats()

        let check = try await LoginCommandTests.run(runner, demo, ["check", "pn51", "--json"])
        #expect(check.standardError.contains(CLI.text(.en, "files.credentials_not_owned",
                                                      ["path": credentials, "uid": "65534"])), "\(check.standardError)")
        var info = stat()
        #expect(stat(credentials, &info) == 0)
        #expect(info.st_uid == nobody && info.st_mode & 0o7777 == 0o644, "another user's file is never changed")
        let stats = try demo.stats()
        #expect((stats.servers["pn51"]?.totalRequests ?? 0) > 0, "the checks ran")
        #expect(stats.servers["pn51"]?.headerNames["authorization"] == nil, "no token was sent: \(stats.servers["pn51"]?.headerNames ?? [:])")
        #expect(try Self.authStatus(check) == 401, "\(check)")
    }

    @Test("a token with CR/LF in the credentials file is never sent; the message names the field and the character",
          arguments: ["accessToken", "refreshToken"])
    func tokenWithLineBreakIsRefused(_ field: String) async throws {
        let demo = try await DemoBackendProcess.start()
        defer { _ = demo.stop() }
        let (home, runner, credentials) = try await Self.signedIn(demo, prefix: "cred-crlf")
        defer { withExtendedLifetime(home) {} } // the home (and its files) lives to the end
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: credentials)))
                                  as? [String: Any])
        let token = try #require(object[field] as? String)
        object[field] = token + "\r\nX-Injected: yes"
        try TestFile.write(try JSONSerialization.data(withJSONObject: object), to: credentials)
        #expect(chmod(credentials, 0o600) == 0)
        try demo.resetStats()

        let check = try await LoginCommandTests.run(runner, demo, ["check", "pn51", "--json"])
        let position = String(token.unicodeScalars.count + 1)
        #expect(check.standardError.contains(CLI.text(.en, "files.credentials_token_invalid", [
            "path": credentials, "field": field, "character": "U+000D", "position": position,
        ])), "\(check.standardError)")
        let headers = try demo.stats().servers["pn51"]?.headerNames ?? [:]
        #expect((try demo.stats().servers["pn51"]?.totalRequests ?? 0) > 0, "the checks ran")
        #expect(headers["x-injected"] == nil, "no header smuggled in: \(headers)")
        #expect(headers["authorization"] == nil, "the refused file's token was not sent: \(headers)")
        #expect(try Self.authStatus(check) == 401, "\(check)")
    }

    @Test("doctor reports the credentials' privacy: fixed (with the path) then ok; another user's file is an error",
          arguments: AppLanguage.allCases)
    func doctorReports(_ language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        let folder = session.home.stateDirectory + "/credentials"
        let file = folder + "/pn51.json"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestFile.write(Data(#"{"accessToken":"a","baseUrl":"https://x/api"}"#.utf8), to: file)
        #expect(chmod(file, 0o640) == 0)
        #expect(chmod(folder, 0o700) == 0)

        func entries() async throws -> [[String: Any]] {
            let result = try await session.run("doctor", "--json")
            let checks = try #require(try CLI.object(result.standardOutput)["checks"] as? [[String: Any]])
            return checks.filter { $0["id"] as? String == "credentials" }
        }
        let first = try await entries()
        let fixed = CLI.text(language, "files.credentials_fixed", ["path": file, "mode": "0640", "fixed": "0600"])
        #expect(first.count == 1 && first[0]["status"] as? String == "warning" && first[0]["message"] as? String == fixed,
                "\(first)")
        #expect(Self.mode(file) == 0o600)
        let second = try await entries()
        #expect(second.count == 1 && second[0]["status"] as? String == "ok"
                && second[0]["message"] as? String == CLI.text(language, "doctor.credentials.ok", ["path": folder]), "\(second)")

        guard geteuid() == 0 else { return }
        #expect(chown(file, 65534, 65534) == 0)
        let third = try await entries()
        let wrong = CLI.text(language, "files.credentials_not_owned", ["path": file, "uid": "65534"])
        #expect(third.count == 1 && third[0]["status"] as? String == "error" && third[0]["message"] as? String == wrong
                && third[0]["fix"] as? String == CLI.text(language, "doctor.fix.credentials", ["path": file]), "\(third)")
    }
}
