import Foundation
import Testing
import TestSupport

/// A command that sends requests starts loading libcurl as soon as the command line is parsed
/// (`VerbumCommand.sendsRequests`, CurlLibrary.preload); any other run never does, whatever
/// words its arguments hold. gdb runs the binary with a breakpoint on the preload and reports
/// whether it was hit.
@Suite struct LibcurlPreloadTests {
    @Test(arguments: [
        (["check"], true),
        (["--lang", "ja", "check", "pn51", "--json"], true),
        (["status", "--json", "--no-color"], true),
        (["--plain", "status"], true),
        (["login", "--user", "nurse", "--password-stdin"], true),
        // Words that name such a command as a value, other commands, help: no libcurl.
        (["validate", "check"], false),
        (["--env", "staging", "servers"], false),
        (["settings", "set", "probe_interval", "status"], false),
        (["check", "--help"], false),
        (["status", "--bogus"], false),
        (["paths", "--json"], false),
    ])
    func onlyCommandsThatSendRequestsPreload(_ arguments: [String], _ preloads: Bool) async throws {
        let home = try TemporaryHome(prefix: "preload-gdb")
        let binary = try BinaryRunner.locate("verbumcare-tui")
        let gdb = BinaryRunner(program: "/usr/bin/gdb", home: home.path, lang: "en_US.UTF-8")
        let line = ["--home", home.path, "--connect-to", "::127.0.0.1:1"] + arguments
        let result = try await gdb.run(
            ["-batch", "-nx", "-ex", "set startup-with-shell off", "-ex", "break vc_curl_preload",
             "-ex", "run", "-ex", "info breakpoints", "--args", binary] + line)
        try #require(result.standardOutput.contains("vc_curl_preload"), "no breakpoint set: \(result)")
        let hit = result.standardOutput.contains("breakpoint already hit")
        #expect(hit == preloads, "\(arguments): \(result)")
    }
}
