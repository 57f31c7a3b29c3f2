#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A long-running child process with a socket pair on its stdin, one on its stdout and stderr going to a file.
///
/// posix_spawn rather than Foundation.Process: the child must start with an empty signal mask (Swift Testing
/// blocks almost every signal, see PLATFORM-NOTES), and our pipe ends must be close-on-exec from the moment
/// they exist, so that a process spawned concurrently by another test never inherits the stdin write end
/// (closing stdin is how the backend is told to exit).
final class DemoBackendChild: @unchecked Sendable {
    let pid: pid_t
    private let lock = NSLock()
    private var stdinFD: Int32
    private var stdoutFD: Int32
    private var exitStatus: Int32?

    init(arguments: [String], stderrPath: String) throws {
        let stdinPipe = try Self.makePipe()
        let stdoutPipe: (read: Int32, write: Int32)
        do {
            stdoutPipe = try Self.makePipe()
        } catch {
            close(stdinPipe.read)
            close(stdinPipe.write)
            throw error
        }
        defer {
            close(stdinPipe.read)
            close(stdoutPipe.write)
        }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // The backend may outlive other children of this process and must not hold their pipes open: Darwin
        // closes every other descriptor here; on Linux the backend closes them itself (--exit-on-stdin-close).
        #if canImport(Darwin)
        let closeOthers = POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
        let closeOthers: Int32 = 0
        #endif
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | closeOthers))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(stdinPipe.write)
            close(stdoutPipe.read)
            throw DemoBackendError.spawnFailed(arguments[0], errno: result)
        }
        pid = child
        stdinFD = stdinPipe.write
        stdoutFD = stdoutPipe.read
    }

    deinit {
        if stdinFD >= 0 { close(stdinFD) }
        if stdoutFD >= 0 { close(stdoutFD) }
    }

    /// A connected pair of sockets used as a pipe (element 0 for reading, 1 for writing), close-on-exec
    /// from creation: Glibc's module hides pipe2, but SOCK_CLOEXEC is visible.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        #if canImport(Darwin)
        // No atomic close-on-exec on Darwin; the window before FD_CLOEXEC is set is accepted there.
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &fds) == 0 else {
            throw DemoBackendError.spawnFailed("socketpair", errno: errno)
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        #else
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else {
            throw DemoBackendError.spawnFailed("socketpair", errno: errno)
        }
        #endif
        return (fds[0], fds[1])
    }

    /// The first line the child writes on stdout (without the newline); nil on EOF or when `deadline` passes.
    func readLine(until deadline: ContinuousClock.Instant) -> (line: String?, timedOut: Bool) {
        let fd = lock.withLock { stdoutFD }
        guard fd >= 0 else { return (nil, false) }
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return (nil, true) }
            let (seconds, attoseconds) = remaining.components
            let millis = Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, millis)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return (nil, false) }
            collected.append(contentsOf: chunk[0..<count])
            if let newline = collected.firstIndex(of: UInt8(ascii: "\n")) {
                return (String(decoding: collected[..<newline], as: UTF8.self), false)
            }
        }
    }

    /// Closes stdout (the backend writes nothing after its ready line).
    func closeStdout() {
        lock.withLock {
            if stdoutFD >= 0 { close(stdoutFD) }
            stdoutFD = -1
        }
    }

    /// Closes stdin, which tells a child started with --exit-on-stdin-close to exit.
    func closeStdin() {
        lock.withLock {
            if stdinFD >= 0 { close(stdinFD) }
            stdinFD = -1
        }
    }

    /// Exit status if the child has ended (reaping it), nil while it runs; -1 if it was reaped elsewhere.
    func exitStatusIfEnded() -> Int32? {
        lock.withLock {
            if let exitStatus { return exitStatus }
            var status: Int32 = 0
            var result = waitpid(pid, &status, WNOHANG)
            while result < 0 && errno == EINTR { result = waitpid(pid, &status, WNOHANG) }
            if result < 0 && errno == ECHILD {
                // Someone else reaped it (a waitpid(-1) elsewhere in the process): it has ended, status unknown.
                exitStatus = -1
                return -1
            }
            guard result == pid else { return nil }
            // WIFEXITED/WEXITSTATUS are macros Swift cannot import: exited when the low 7 bits are 0.
            let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            exitStatus = code
            return code
        }
    }

    /// Waits up to `timeout` for the child to end; then kills it. Returns its exit status (128+signal if killed).
    @discardableResult
    func wait(timeout: Duration) -> Int32 {
        var code: Int32?
        if Eventually.holdsBlocking(within: timeout, { code = exitStatusIfEnded(); return code != nil }), let code { return code }
        kill(pid, SIGKILL)
        // A killed process ends: no deadline needed.
        Eventually.holdsBlocking(within: .seconds(Int64.max / 2)) { code = exitStatusIfEnded(); return code != nil }
        return code ?? 128 + SIGKILL
    }
}
