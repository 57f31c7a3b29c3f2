import CPlatform
import Glibc
import SettingsStore

/// Runs alert hooks as NetworkManager runs dispatcher scripts: every executable file of the
/// hook folders in name order, the event in the environment and its JSON on stdin, each with
/// a time limit, its output kept for the log (SPEC §15.3).
///
/// Written on posix_spawn by hand: Foundation's `Process` reaps children from a thread of its
/// own and has hung this project's test runs; the hooks need a process group (so a hook's own
/// children die with it at the time limit), a pipe in each direction and nothing else.
public struct HookRunner: Sendable {
    /// What one hook did.
    public struct Outcome: Equatable, Sendable {
        public enum Result: Equatable, Sendable {
            case exited(Int32)
            case killedAtTimeLimit
            case signalled(Int32)
            case couldNotStart(String)
        }

        public var path: String
        public var result: Result
        /// stdout and stderr together, at most `outputCap` bytes, sanitized.
        public var output: String

        public var succeeded: Bool { result == .exited(0) }
    }

    public static let timeLimitSeconds = 10.0
    static let outputCap = 16 * 1024

    /// The folders, in order: the user's, then the system's.
    public let folders: [String]

    public init(folders: [String]) {
        self.folders = folders
    }

    /// `${XDG_CONFIG_HOME:-~/.config}/verbumcare/hooks.d/`, then `/etc/verbumcare/hooks.d/`.
    public static func folders(paths: AppPaths, systemFolder: String = "/etc/verbumcare/hooks.d") -> [String] {
        [paths.configDirectory + "/hooks.d", systemFolder]
    }

    /// Every hook: executable regular files (links to them too), in name order per folder;
    /// names starting with "." or ending in "~" or a dpkg suffix are skipped, as run-parts does.
    public func hooks() -> [String] {
        var found: [String] = []
        for folder in folders {
            guard let directory = opendir(folder) else { continue }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasPrefix(".") || name.hasSuffix("~") || name.contains(".dpkg-") { continue }
                names.append(name)
            }
            closedir(directory)
            for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                let path = folder + "/" + name
                var info = stat()
                guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else { continue }
                found.append(path)
            }
        }
        return found
    }

    /// Runs `path` with `environment` added to this process's and `input` on stdin. Blocks the
    /// calling thread (never the main actor's): up to the time limit.
    public static func run(_ path: String, environment: [String: String], input: String,
                           timeLimit: Double = timeLimitSeconds) -> Outcome {
        var stdinPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        guard vc_pipe_cloexec(&stdinPipe) == 0 else { return Outcome(path: path, result: .couldNotStart("pipe"), output: "") }
        guard vc_pipe_cloexec(&outputPipe) == 0 else {
            close(stdinPipe[0]); close(stdinPipe[1])
            return Outcome(path: path, result: .couldNotStart("pipe"), output: "")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so the time limit ends the hook's children too; default signal
        // handling, whatever this process ignores.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var merged: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                merged[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            index += 1
        }
        merged.merge(environment) { _, new in new }
        let environmentLines = merged.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings([path]) { argv in
            withCStrings(environmentLines) { envp in
                posix_spawn(&pid, path, &actions, &attributes, argv, envp)
            }
        }
        close(stdinPipe[0])
        close(outputPipe[1])
        guard status == 0 else {
            close(stdinPipe[1])
            close(outputPipe[0])
            return Outcome(path: path, result: .couldNotStart(String(cString: strerror(status))), output: "")
        }
        // The JSON is far below a pipe's buffer; a hook that does not read it is not waited for.
        _ = fcntl(stdinPipe[1], F_SETFL, O_NONBLOCK)
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(stdinPipe[1], $0.baseAddress, $0.count) }
        close(stdinPipe[1])

        let deadline = AppClock.monotonicSeconds() + timeLimit
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var open = true
        while open {
            let left = deadline - AppClock.monotonicSeconds()
            if left <= 0 { break }
            var descriptor = pollfd(fd: outputPipe[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let n = read(outputPipe[0], &buffer, buffer.count)
            if n > 0 {
                if output.count < outputCap { output += buffer[0..<min(n, outputCap - output.count)] }
            } else if n == 0 || errno != EINTR {
                open = false
            }
        }
        close(outputPipe[0])
        var result: Outcome.Result = .killedAtTimeLimit
        var waitStatus: Int32 = 0
        while true {
            let done = waitpid(pid, &waitStatus, WNOHANG)
            if done == pid {
                let signal = waitStatus & 0x7f
                result = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
                break
            }
            if done < 0, errno != EINTR { result = .couldNotStart("waitpid"); break }
            if AppClock.monotonicSeconds() >= deadline {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &waitStatus, 0)
                result = .killedAtTimeLimit
                break
            }
            usleep(10_000)
        }
        let text = TextSanitizer.clean(String(decoding: output, as: UTF8.self), keepingLineBreaks: true)
        return Outcome(path: path, result: result, output: text)
    }
}

/// `strings` as a NULL-terminated array of C strings for the duration of `body`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
