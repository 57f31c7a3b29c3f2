import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One `tmux` invocation on a private server socket, with a fixed environment.
///
/// swift-subprocess rather than Foundation.Process: Process hangs on `tmux new-session -d`
/// (it waits for EOF on a socket the daemonised server inherits), and swift-subprocess also
/// resets the signal mask Swift Testing leaves blocked (PLATFORM-NOTES).
public struct TmuxCommand: Sendable {
    public let socketPath: String

    /// The tmux executable: `VERBUMCARE_TMUX` or the first `tmux` on PATH.
    public static func locate() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["VERBUMCARE_TMUX"], !explicit.isEmpty { return explicit }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw TestSupportError.setupFailed("tmux not found on PATH")
    }

    let executable: String

    public init(socketPath: String) throws {
        self.socketPath = socketPath
        executable = try Self.locate()
    }

    /// Runs `tmux -u -S SOCKET -f /dev/null ARGS...` and returns its standard output.
    /// Throws when tmux fails, with its stderr.
    @discardableResult
    public func run(_ arguments: [String]) async throws -> String {
        let full = ["-u", "-S", socketPath, "-f", "/dev/null"] + arguments
        // The server inherits this environment; the app gets its own through `env -i` in the pane.
        let environment: [Environment.Key: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "HOME": NSTemporaryDirectory(),
        ]
        let result = try await Subprocess.run(
            .path(FilePath(executable)), arguments: Arguments(full), environment: .custom(environment),
            input: .none, output: .string(limit: 1 << 20), error: .string(limit: 1 << 16))
        guard case .exited(0) = result.terminationStatus else {
            throw TmuxError.commandFailed(arguments: arguments, status: "\(result.terminationStatus)",
                                          standardError: result.standardError)
        }
        return result.standardOutput
    }
}

public enum TmuxError: Error, CustomStringConvertible {
    case commandFailed(arguments: [String], status: String, standardError: String)
    case timedOut(what: String, screen: [String])
    case paneDied(what: String, screen: [String])
    case noAppProcess

    public var description: String {
        switch self {
        case .commandFailed(let arguments, let status, let standardError):
            return "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(standardError)"
        case .timedOut(let what, let screen):
            return "timed out waiting for \(what); last screen:\n" + TmuxSession.framed(screen)
        case .paneDied(let what, let screen):
            return "the program ended while waiting for \(what); last screen:\n" + TmuxSession.framed(screen)
        case .noAppProcess:
            return "the app's process id was never written"
        }
    }
}
