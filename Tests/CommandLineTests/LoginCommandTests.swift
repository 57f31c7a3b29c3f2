import Foundation
import Testing
import TestSupport

/// `login` / `logout` against the demo backend (user demo / demo). The password only ever
/// arrives on stdin here: the tests run without a terminal.
@Suite("login and logout", .serialized)
struct LoginCommandTests {
    static func run(_ runner: BinaryRunner, _ demo: DemoBackendProcess, _ arguments: [String],
                    stdin: String? = nil) async throws -> ProcessResult {
        let network = ["--cacert", demo.caFile, "--lang", "en"] + demo.connectTo.flatMap { ["--connect-to", $0] }
        guard let stdin else { return try await runner.run(network + arguments) }
        // The binary reads the password from stdin: feed it through a shell pipe.
        let quoted = (["--home", runner.home] + network + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        return try await ShellPipe.run("printf '%s\\n' '\(stdin)' | '\(runner.executable)' \(quoted)",
                                       environment: runner.environment())
    }

    @Test("login saves the tokens 0600, the auth check then passes, logout removes them")
    func loginAndLogout() async throws {
        let demo = try await DemoBackendProcess.start()
        defer { _ = demo.stop() }
        let home = try TemporaryHome(prefix: "login")
        let runner = try BinaryRunner(home: home.path)
        let credentials = home.path + "/state/verbumcare/credentials/pn51.json"

        let wrong = try await Self.run(runner, demo, ["login", "pn51", "--user", "demo", "--password-stdin"], stdin: "nope")
        #expect(wrong.exitCode == 1, "\(wrong)")
        #expect(wrong.standardError.contains(CLI.text(.en, "cli.login.rejected")), "\(wrong)")
        #expect(!FileManager.default.fileExists(atPath: credentials))

        let login = try await Self.run(runner, demo, ["login", "--user", "demo", "--password-stdin"], stdin: "demo")
        #expect(login.exitCode == 0, "\(login)")
        #expect(login.standardOutput.contains(CLI.text(.en, "cli.login.signed_in", ["server": "pn51", "user": "demo"])),
                "\(login)")
        let attributes = try FileManager.default.attributesOfItem(atPath: credentials)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let saved = try String(contentsOfFile: credentials, encoding: .utf8)
        #expect(!saved.lowercased().contains("password"), "no password on disk: \(saved)")

        let check = try await Self.run(runner, demo, ["check", "pn51", "--json"])
        let object = try CLI.object(check.standardOutput)
        let auth = try #require((object["checks"] as? [[String: Any]])?.first { $0["endpoint"] as? String == "auth" })
        #expect(auth["httpStatus"] as? Int == 200, "\(check)")

        let logout = try await Self.run(runner, demo, ["logout", "pn51"])
        #expect(logout.exitCode == 0, "\(logout)")
        #expect(!FileManager.default.fileExists(atPath: credentials))
        let again = try await Self.run(runner, demo, ["logout", "pn51"])
        #expect(again.standardOutput.contains(CLI.text(.en, "cli.logout.not_signed_in", ["server": "pn51"])), "\(again)")
    }

    @Test("without a terminal and without --password-stdin, login says how to give the password")
    func noTerminal() async throws {
        let demo = try await DemoBackendProcess.start()
        defer { _ = demo.stop() }
        let home = try TemporaryHome(prefix: "login-tty")
        let runner = try BinaryRunner(home: home.path)
        let result = try await ShellPipe.run(
            "setsid '\(runner.executable)' --home '\(home.path)' --lang en login pn51 --user demo < /dev/null",
            environment: runner.environment())
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains(CLI.text(.en, "cli.login.no_terminal")), "\(result)")
    }
}
