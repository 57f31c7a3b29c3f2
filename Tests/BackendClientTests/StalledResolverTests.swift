import Testing
import TestSupport

/// Name resolution that never answers, for real: the built binary runs in network and mount
/// namespaces whose only DNS server reads queries and drops them
/// (`Benchmarks/scripts/with-stalled-resolver.sh`), so nothing leaves the machine.
@Suite struct StalledResolverTests {
    static let timeoutSeconds = 5

    @Test(.enabled("needs network and mount namespaces") { await IsolatedRun.namespacesAvailable() })
    func aResolverThatNeverAnswersEndsEveryCheckAsDNS() async throws {
        let home = try TemporaryHome()
        let runner = try BinaryRunner(home: home.path)
        let set = try await runner.run(["settings", "set", "connection_timeout", String(Self.timeoutSeconds)])
        #expect(set.exitCode == 0, "\(set)")

        let script = IsolatedRun.repositoryRoot + "/Benchmarks/scripts/with-stalled-resolver.sh"
        // A hang check only (three times the timeout); how long it takes is a benchmark figure.
        let outcome = try await IsolatedRun.run(
            ["/bin/sh", script, runner.executable, "--home", home.path, "--lang", "en",
             "check", "https://stalled.verbumcare.test/api", "--json"],
            environment: runner.environment(["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]),
            limit: .seconds(3 * Self.timeoutSeconds))
        #expect(!outcome.killed, "the check did not answer within \(3 * Self.timeoutSeconds) s: \(outcome)")
        for error in try IsolatedRun.checkErrors(outcome) {
            #expect(error["code"] as? String == "dns", "\(error)")
        }
        // The person reading stderr gets the resolver's advice, not "raise the timeout".
        #expect(outcome.standardError.contains("did not answer within \(Self.timeoutSeconds) s"), "\(outcome)")
        #expect(outcome.standardError.contains("/etc/resolv.conf"), "\(outcome)")
    }
}
