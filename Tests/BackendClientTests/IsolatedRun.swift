import Foundation
import Subprocess
import Testing
import TestSupport
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs the built binary behind a wrapper that changes the machine it sees (namespaces made by
/// `unshare`), with swift-subprocess so that the child gets a clean signal mask.
enum IsolatedRun {
    struct Outcome: CustomStringConvertible {
        var standardOutput: String
        var standardError: String
        var exitCode: Int32?
        var killed: Bool
        var description: String {
            "exit \(exitCode.map(String.init) ?? "signal")\(killed ? " (killed)" : "")\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
        }
    }

    /// The errors (`code`, `message`) of the four checks in `check --json` output; fails the test
    /// when the output is not that document.
    static func checkErrors(_ outcome: Outcome) throws -> [[String: Any]] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any], "\(outcome)")
        let checks = try #require(document["checks"] as? [[String: Any]], "\(outcome)")
        #expect(checks.count == 4, "\(outcome)")
        return checks.map { $0["error"] as? [String: Any] ?? [:] }
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Whether this machine lets a test create network and mount namespaces (root, or
    /// unprivileged user namespaces).
    static func namespacesAvailable() async -> Bool {
        let probe = try? await run(["/bin/sh", "-c", "unshare \(unshareUserOption) --net --mount true"],
                                   environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], limit: .seconds(10))
        return probe?.exitCode == 0
    }

    /// Root makes namespaces directly; anyone else needs a user namespace mapping them to root.
    static var unshareUserOption: String { getuid() == 0 ? "" : "--map-root-user" }

    /// A process group of its own, so that a hang kills the wrapper and everything it started.
    private static var ownGroup: PlatformOptions {
        var options = PlatformOptions()
        options.processGroupID = 0
        return options
    }

    /// Runs `argv` (a wrapper and its command) with `environment`, killed after `limit`.
    static func run(_ argv: [String], environment: [String: String], limit: Duration) async throws -> Outcome {
        var env: [Environment.Key: String] = [:]
        for (key, value) in environment { env[Environment.Key(stringLiteral: key)] = value }
        let outcome = try await Subprocess.run(
            .path(FilePath(argv[0])), arguments: Arguments(Array(argv.dropFirst())), environment: .custom(env),
            platformOptions: ownGroup, input: .none, output: .string(limit: 4 << 20), error: .string(limit: 4 << 20)
        ) { execution in
            let pid = execution.processIdentifier.value
            return Task<Bool, Never> {
                guard (try? await Task.sleep(for: limit)) != nil else { return false }  // a hang check's deadline
                // The wrapper's children (the binary, the DNS stub) are in its process group.
                return kill(-pid, SIGKILL) == 0
            }
        }
        let killer = outcome.closureResult
        killer.cancel()
        let killed = await killer.value
        var exitCode: Int32?
        if case .exited(let code) = outcome.terminationStatus { exitCode = code }
        return Outcome(standardOutput: outcome.standardOutput, standardError: outcome.standardError,
                       exitCode: exitCode, killed: killed)
    }
}
