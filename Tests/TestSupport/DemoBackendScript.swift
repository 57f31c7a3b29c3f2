import Foundation
import Subprocess

/// Runs `python3 DemoBackend/demo_backend.py ARGS...` to completion (the `ctl` commands, `serve` with an
/// empty stdin) and collects what it printed.
public enum DemoBackendScript {
    public struct Result: Sendable {
        public let exitCode: Int32
        public let standardOutput: String
        public let standardError: String
    }

    public static func run(_ arguments: [String]) async throws -> Result {
        let result = try await Subprocess.run(.name("python3"),
                                              arguments: Arguments([DemoBackendProcess.scriptPath] + arguments),
                                              input: .none,
                                              output: .string(limit: 16 * 1024 * 1024),
                                              error: .string(limit: 16 * 1024 * 1024))
        return Result(exitCode: DemoBackendCurl.exitCode(result.terminationStatus),
                      standardOutput: result.standardOutput, standardError: result.standardError)
    }
}
