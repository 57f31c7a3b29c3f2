import Foundation
import Glibc
import TestSupport

/// The built binary started without waiting for it, for tests that act on the running
/// process (signals, `/proc`, races). Output goes to files in the home, read at the end.
final class ChildProcess: @unchecked Sendable {
    // @unchecked: `process` is only touched through its own thread-safe methods.
    let process = Process()
    private let outputPath: String
    private let errorPath: String

    /// `prefix` runs before the binary (e.g. `strace …`); `shell` wraps everything in `sh -c`.
    init(_ runner: BinaryRunner, _ arguments: [String], prefix: [String] = [], shell: String? = nil,
         directory: String? = nil, environment: [String: String] = [:]) throws {
        outputPath = runner.home + "/child-\(UUID().uuidString).out"
        errorPath = outputPath + ".err"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let command = prefix + [runner.executable] + (runner.passesHomeOption ? ["--home", runner.home] : []) + arguments
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell + " \"$@\"", "sh"] + command
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        }
        process.environment = runner.environment(environment)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits for the end without blocking a concurrency thread; nil when `seconds` pass first
    /// (the process is then killed: a hang check, not a speed test).
    func wait(seconds: Double = 60) async -> (status: Int32, reason: Process.TerminationReason)? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { try? await Task.sleep(nanoseconds: 10_000_000) }
        if process.isRunning {
            process.terminate()
            kill(pid, SIGKILL)
            return nil
        }
        return (process.terminationStatus, process.terminationReason)
    }

    var standardOutput: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
}

/// Polls `condition` every 5 ms for at most `seconds` (a generous bound on a wait for an
/// event, never a timing assertion).
func eventually(seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return condition()
}
