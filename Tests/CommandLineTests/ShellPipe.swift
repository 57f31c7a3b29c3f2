import Foundation
import Subprocess
import TestSupport
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs one `sh -c` line (for a pipe into the binary) and returns what happened.
enum ShellPipe {
    static func run(_ line: String, environment: [String: String]) async throws -> ProcessResult {
        var env: [Environment.Key: String] = [:]
        for (key, value) in environment { env[Environment.Key(stringLiteral: key)] = value }
        let outcome = try await Subprocess.run(.path(FilePath("/bin/sh")), arguments: ["-c", line],
                                               environment: .custom(env), input: .none,
                                               output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
        return ProcessResult(standardOutput: outcome.standardOutput, standardError: outcome.standardError,
                             termination: outcome.terminationStatus, timedOut: false)
    }
}
