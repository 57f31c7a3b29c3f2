import Glibc
import SettingsStore

/// Runs alert hooks as NetworkManager's dispatcher runs its scripts (SPEC §15.3): the
/// executable files of the hook folders in name order, trusted ones only (`HookTrust`), each
/// with the event in a clean environment (`HookEnvironment`) and its JSON on stdin, no
/// descriptor but 0, 1 and 2, a process group of its own and a time limit over it and every
/// descendant (`HookProcess` and its guardian), its output kept for the log.
public struct HookRunner: Sendable {
    /// What one hook did.
    public struct Outcome: Equatable, Sendable {
        public enum Result: Equatable, Sendable {
            case exited(Int32)
            case killedAtTimeLimit
            case signalled(Int32)
            case couldNotStart(String)
            /// Not run: the file is not trusted (any more) when its turn came.
            case notTrusted(HookTrust.Reason)
        }

        public var path: String
        public var result: Result
        /// stdout and stderr together, at most `outputCap` bytes, sanitized.
        public var output: String
        /// Processes the hook left behind that the time limit ended (the hook itself exited).
        public var descendantsEnded: Int

        public init(path: String, result: Result, output: String = "", descendantsEnded: Int = 0) {
            self.path = path
            self.result = result
            self.output = output
            self.descendantsEnded = descendantsEnded
        }

        public var succeeded: Bool { result == .exited(0) }
    }

    /// A hook's time limit in production; tests give a shorter one.
    public static let timeLimitSeconds = 10.0
    static let outputCap = 16 * 1024

    /// The folders, in order: the user's, then the system's.
    public let folders: [String]
    public let timeLimit: Double

    public init(folders: [String], timeLimit: Double = timeLimitSeconds) {
        self.folders = folders
        self.timeLimit = timeLimit
    }

    /// `${XDG_CONFIG_HOME:-~/.config}/verbumcare/hooks.d/`, then `/etc/verbumcare/hooks.d/`.
    public static func folders(paths: AppPaths, systemFolder: String = "/etc/verbumcare/hooks.d") -> [String] {
        [paths.configDirectory + "/hooks.d", systemFolder]
    }

    /// The hooks that run, in the order they start.
    public func hooks() -> [String] { scan().trusted }

    /// Every entry of the hook folders, each folder in name order (bytes): the trusted
    /// executables, and the entries skipped with their reason. Names starting with "." or
    /// ending in "~" or holding a dpkg suffix are left out, as run-parts does; so are regular
    /// files that cannot be executed (taking the execute bit away is how a hook is turned off).
    public func scan() -> HookScan {
        var scan = HookScan()
        let user = geteuid()
        for folder in folders {
            for name in Self.names(in: folder) {
                let path = folder + "/" + name
                let facts = HookTrust.facts(of: path, in: folder)
                if let target = facts.target, target.isRegular, access(path, X_OK) != 0 { continue }
                if let reason = HookTrust.verdict(facts, user: user) {
                    scan.skipped.append(SkippedHook(path: path, reason: reason, linkTarget: facts.linkTarget))
                } else {
                    scan.trusted.append(path)
                }
            }
        }
        return scan
    }

    /// Why `path` (an entry of a hook folder) may not run now, nil when it may: the check
    /// `scan` makes, for a hook whose delivery was decided earlier (an outbox's).
    public static func distrust(_ path: String) -> SkippedHook? {
        let facts = HookTrust.facts(of: path, in: HookTrust.parent(of: path))
        return HookTrust.verdict(facts, user: geteuid()).map {
            SkippedHook(path: path, reason: $0, linkTarget: facts.linkTarget)
        }
    }

    private static func names(in folder: String) -> [String] {
        (DirectoryNames.list(folder) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix("~") && !$0.contains(".dpkg-") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Runs `path` to its end with the event's `environment` and `input` on stdin. Blocks the
    /// calling thread (never the main actor's, never the cooperative pool's) up to the limit.
    public static func run(_ path: String, environment: [String: String], input: String,
                           timeLimit: Double = timeLimitSeconds) -> Outcome {
        HookProcess.start(path, environment: environment, input: input, timeLimit: timeLimit).wait()
    }
}
