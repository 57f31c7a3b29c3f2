import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs the built `verbumcare-tui` the way a person would, isolated from the machine:
/// its own home (`--home` and `VERBUMCARE_HOME`), an explicit `LANG`, a minimal environment,
/// stdin from /dev/null, stdout and stderr captured, and a timeout.
///
/// swift-subprocess is used because it resets the signal mask in the child; Swift Testing
/// runs tests with most signals blocked, and a child inheriting that mask misbehaves
/// (see PLATFORM-NOTES).
public struct BinaryRunner: Sendable {
    public let executable: String
    public let home: String
    /// `LANG` for the child; the language the app detects when nothing else says.
    public var lang: String
    /// Put `--home HOME` before the arguments. Tests of option placement turn this off and
    /// place `--home` themselves (`VERBUMCARE_HOME` still isolates them).
    public var passesHomeOption: Bool
    public var timeout: Duration

    public init(home: String, lang: String = "en_US.UTF-8", passesHomeOption: Bool = true,
                timeout: Duration = .seconds(60)) throws {
        executable = try Self.locate("verbumcare-tui")
        self.home = home
        self.lang = lang
        self.passesHomeOption = passesHomeOption
        self.timeout = timeout
    }

    /// Runs another program (a script of the repository) the same isolated way.
    public init(program: String, home: String, lang: String = "C.UTF-8", timeout: Duration = .seconds(120)) {
        executable = program
        self.home = home
        self.lang = lang
        self.passesHomeOption = false
        self.timeout = timeout
    }

    /// The product `name` the tests drive: `VERBUMCARE_TUI_BINARY` when it is set (scripts/test
    /// sets it to the release binary it builds once for the whole run, the one the Debian
    /// package ships), else the one built next to the test bundle (`locateBuilt`).
    public static func locate(_ name: String) throws -> String {
        if name == "verbumcare-tui", let explicit = ProcessInfo.processInfo.environment["VERBUMCARE_TUI_BINARY"],
           !explicit.isEmpty {
            return explicit
        }
        return try locateBuilt(name)
    }

    /// The product `name` SwiftPM built next to the test bundle (both in
    /// `.build/<triple>/debug`), whatever `VERBUMCARE_TUI_BINARY` says: for the tests about how
    /// the development build is linked.
    public static func locateBuilt(_ name: String) throws -> String {
        var candidates: [String] = []
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: me).deletingLastPathComponent().path)
        }
        if let first = CommandLine.arguments.first {
            var url = URL(fileURLWithPath: first).standardizedFileURL
            // On macOS the tests run inside `X.xctest/Contents/MacOS/`.
            while url.path != "/" && url.pathExtension != "xctest" && url.lastPathComponent != "debug"
                    && url.lastPathComponent != "release" {
                url.deleteLastPathComponent()
            }
            candidates.append(url.pathExtension == "xctest" ? url.deletingLastPathComponent().path : url.path)
        }
        for directory in candidates {
            let path = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw TestSupportError.binaryMissing(
            "\(name) was not found next to the test bundle (looked in \(candidates)); run `swift build` before `swift test`")
    }

    /// The environment the child gets: nothing from the machine except PATH.
    public func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home + "/user",
            "LANG": lang,
            "VERBUMCARE_HOME": home,
            "SWIFT_BACKTRACE": "enable=no",
        ]
        env.merge(extra) { _, new in new }
        return env
    }

    /// Runs to completion (or the timeout) and returns what happened.
    public func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ProcessResult {
        try await run(arguments, environment: extra, killAfter: nil)
    }

    /// Starts the binary and sends SIGKILL after `delay` unless it has ended by then.
    public func runKilled(_ arguments: [String], after delay: Duration,
                          environment extra: [String: String] = [:]) async throws -> ProcessResult {
        try await run(arguments, environment: extra, killAfter: delay)
    }

    private func run(_ arguments: [String], environment extra: [String: String],
                     killAfter: Duration?) async throws -> ProcessResult {
        let fullArguments = (passesHomeOption ? ["--home", home] : []) + arguments
        var env: [Environment.Key: String] = [:]
        for (key, value) in environment(extra) { env[Environment.Key(stringLiteral: key)] = value }
        let deadline = killAfter ?? timeout
        let timedOut = killAfter == nil
        let outcome = try await Subprocess.run(
            .path(FilePath(executable)), arguments: Arguments(fullArguments), environment: .custom(env),
            input: .none, output: .string(limit: 4 << 20), error: .string(limit: 4 << 20)
        ) { execution in
            let pid = execution.processIdentifier.value
            // Fires only if the process outlives the deadline; cancelled as soon as it ends.
            return Task<Bool, Never> {
                guard (try? await Task.sleep(for: deadline)) != nil else { return false }  // a hang check's deadline
                return kill(pid, SIGKILL) == 0
            }
        }
        let killer = outcome.closureResult
        killer.cancel()
        let killed = await killer.value
        return ProcessResult(standardOutput: outcome.standardOutput, standardError: outcome.standardError,
                             termination: outcome.terminationStatus, timedOut: killed && timedOut)
    }
}
