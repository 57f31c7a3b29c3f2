import Foundation
import Glibc

/// A server program a test starts (Debian's `prometheus`, `prometheus-node-exporter`,
/// `prometheus-alertmanager`, a Python stub), its output in a log file. It runs under a small
/// shell that holds a pipe from this process on its stdin: `stop()`, or this process ending for
/// any reason (a crash, a kill), closes the pipe, and the shell ends the program and waits for
/// it, so no test leaves a server behind.
///
/// posix_spawn with an empty signal mask: Swift Testing's threads block most signals, which
/// the child would inherit.
public final class EngineProcess: @unchecked Sendable {
    // @unchecked: `keeper` and `ended` change under `lock`.
    public let pid: pid_t
    public let logFile: String
    private let lock = NSLock()
    private var keeper: Int32
    private var ended = false

    public init(_ arguments: [String], logFile: String, directory: String? = nil) throws {
        self.logFile = logFile
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw TestSupportError.setupFailed("socketpair: errno \(errno)")
        }
        let watcher = """
            \(directory.map { "cd '\($0)' || exit 1; " } ?? "")"$@" </dev/null & child=$!
            trap 'kill -TERM $child 2>/dev/null; wait $child; exit 0' TERM
            read _ignored
            kill -TERM $child 2>/dev/null; wait $child
            """
        let argv = ["/bin/sh", "-c", watcher, "engine"] + arguments
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, logFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, "/bin/sh", &actions, &attributes, cArguments, cEnvironment)
        close(fds[0])
        guard result == 0 else {
            close(fds[1])
            throw TestSupportError.setupFailed("spawn \(arguments[0]): \(result)")
        }
        pid = child
        keeper = fds[1]
    }

    deinit { stop() }

    /// Ends the program and waits for it (at most 10 s, then it is killed).
    public func stop() {
        let fd: Int32? = lock.withLock {
            guard !ended else { return nil }
            ended = true
            let fd = keeper
            keeper = -1
            return fd
        }
        guard let fd else { return }
        close(fd)
        var status: Int32 = 0
        if !Eventually.holdsBlocking(within: .seconds(10), { waitpid(pid, &status, WNOHANG) != 0 }) {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
        }
    }

    /// Whether the watcher (and so the program) still runs.
    public var isRunning: Bool {
        lock.withLock { !ended } && kill(pid, 0) == 0
    }

    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// A TCP port on 127.0.0.1 nobody listens on now (the kernel's choice for port 0).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSupportError.setupFailed("socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw TestSupportError.setupFailed("bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
