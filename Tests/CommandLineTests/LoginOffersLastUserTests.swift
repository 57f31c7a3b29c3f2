import Foundation
import Localization
import Testing
import TestSupport

/// Issue 27 item 2 for `login`: the user name of the last sign-in to a server (app-state.json
/// `lastUserNames`, the one the app's dialog offers) is kept by `login` after it signs in, and
/// offered at its prompt, where Enter alone takes it. In a real terminal (tmux), against the
/// demo backend (demo / demo), in the three languages.
@Suite("login offers the last user name", .serialized)
struct LoginOffersLastUserTests {
    @Test("a sign-in keeps the name; the next login's prompt offers it and Enter takes it", arguments: AppLanguage.allCases)
    func offered(language: AppLanguage) async throws {
        let demo = try await DemoBackendProcess.start()
        defer { _ = demo.stop() }
        let home = try TemporaryHome(prefix: "login-offer")
        let runner = try BinaryRunner(home: home.path)
        let network = ["--cacert", demo.caFile, "--lang", language.rawValue] + demo.connectTo.flatMap { ["--connect-to", $0] }

        // Signed in once with --user: the name is kept for pn51.
        let quoted = (["--home", home.path] + network + ["login", "pn51", "--user", "demo", "--password-stdin"])
            .map { "'" + $0 + "'" }.joined(separator: " ")
        let first = try await ShellPipe.run("printf '%s\\n' 'demo' | '\(runner.executable)' \(quoted)",
                                            environment: runner.environment())
        #expect(first.exitCode == 0, "\(first)")
        let state = try CLI.object(String(contentsOfFile: home.appStateFile, encoding: .utf8))
        #expect((state["lastUserNames"] as? [String: String])?["pn51"] == "demo", "\(state)")

        // At a terminal: the prompt offers it, Enter takes it.
        let terminal = try await TmuxSession.start(executable: runner.executable,
                                                   arguments: ["--home", home.path] + network + ["login", "pn51"],
                                                   environment: ["HOME": home.path + "/user"], columns: 120, rows: 20)
        defer { terminal.close() }
        let prompt = CLI.text(language, "cli.login.user_prompt_offered", ["user": "demo"])
        try await terminal.waitFor(texts: [prompt])
        try await terminal.sendKeys("Enter")
        try await terminal.waitFor(texts: [CLI.text(language, "cli.login.password_prompt")])
        try await terminal.type("demo")
        try await terminal.sendKeys("Enter")
        let status = try await terminal.waitForExit(timeout: .seconds(60))
        let screen = try await terminal.capture().joined(separator: "\n")
        #expect(status == 0, "\(screen)")
        #expect(screen.contains(CLI.text(language, "cli.login.signed_in", ["server": "pn51", "user": "demo"])), "\(screen)")
    }
}
