import Testing
import TestSupport

/// libcurl is loaded at run time, not linked: the binary starts without it and says clearly
/// when it is missing.
@Suite struct LibcurlLoadingTests {
    @Test func theBinaryDoesNotLinkLibcurl() async throws {
        let binary = try BinaryRunner.locate("verbumcare-tui")
        let outcome = try await IsolatedRun.run(["/usr/bin/readelf", "-d", binary],
                                                environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(30))
        let needed = outcome.standardOutput.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty, "readelf found no NEEDED entries: \(outcome)")
        #expect(!needed.contains { $0.contains("libcurl") }, "\(needed)")
    }

    /// In a mount namespace where libcurl.so.4 is an empty file, a check fails as `connect`
    /// with the localized libcurl message instead of crashing or hanging.
    @Test(.enabled("needs a mount namespace") { await IsolatedRun.namespacesAvailable() })
    func withoutLibcurlAChecksSaysSoInTheUsersLanguage() async throws {
        let home = try TemporaryHome()
        let runner = try BinaryRunner(home: home.path)
        let hide = """
            for f in /usr/lib/*-linux-gnu/libcurl.so.4 /usr/lib/libcurl.so.4 /lib/*-linux-gnu/libcurl.so.4; do
                [ -e "$f" ] && mount --bind /dev/null "$f"
            done
            exec "$@"
            """
        let outcome = try await IsolatedRun.run(
            ["/usr/bin/unshare"] + (IsolatedRun.unshareUserOption.isEmpty ? [] : [IsolatedRun.unshareUserOption])
                + ["--mount", "/bin/sh", "-c", hide, "sh", runner.executable, "--home", home.path, "--lang", "ja",
                   "check", "https://pn51.verbumcare.test/api", "--json"],
            environment: runner.environment(["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]), limit: .seconds(30))
        #expect(!outcome.killed, "\(outcome)")
        for error in try IsolatedRun.checkErrors(outcome) {
            #expect(error["code"] as? String == "connect", "\(error)")
            // The message is the run's language (as the text form says it); libcurl's own words,
            // in English, are the detail.
            #expect((error["message"] as? String)?.contains("libcurl を読み込めません") == true, "\(error)")
            #expect((error["detail"] as? String)?.contains("libcurl could not be loaded") == true, "\(error)")
        }
        #expect(outcome.standardError.contains("libcurl を読み込めません"), "\(outcome)")
        #expect(outcome.standardError.contains("apt install libcurl4"), "\(outcome)")
    }
}
