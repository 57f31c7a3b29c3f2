import CHookGuard
import CPlatform
import Glibc
import SettingsStore

/// One hook started under its guardian (CHookGuard): `start` forks the guardian and returns at
/// once, so the hooks of an event start in name order without waiting for each other; `wait`
/// blocks its thread until the hook and all it started have ended or the time limit ended them.
///
/// The guardian, not `posix_spawn`: only a process that stays beside the hook can collect and
/// kill what the hook leaves behind (a child that called setsid, a double fork).
public struct HookProcess: Sendable {
    /// What `start` left for `wait`: the guardian and this side's pipe ends, or the reason it
    /// could not start.
    private enum State: Sendable {
        case started(guardian: pid_t, input: Int32, output: Int32, report: Int32)
        case failed(String)
    }

    public let path: String
    private let state: State
    private let input: [UInt8]
    private let timeLimit: Double

    /// Forks the guardian of `path`. Call `wait` exactly once, on a thread that may block.
    public static func start(_ path: String, environment: [String: String], input: String,
                             timeLimit: Double) -> HookProcess {
        HookProcess(path: path, state: launch(path, environment: environment, timeLimit: timeLimit),
                    input: Array(input.utf8), timeLimit: timeLimit)
    }

    private init(path: String, state: State, input: [UInt8], timeLimit: Double) {
        self.path = path
        self.state = state
        self.input = input
        self.timeLimit = timeLimit
    }

    private static func launch(_ path: String, environment: [String: String], timeLimit: Double) -> State {
        // Close-on-exec everywhere in this process: a program started on another thread
        // meanwhile must not hold them (the guardian moves its ends where the hook needs them).
        var stdinPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var reportPipe: [Int32] = [-1, -1]
        guard vc_pipe_cloexec(&stdinPipe) == 0 else { return .failed(errorText(errno)) }
        guard vc_pipe_cloexec(&outputPipe) == 0 else {
            let error = errno
            closeAll(stdinPipe)
            return .failed(errorText(error))
        }
        guard vc_pipe_cloexec(&reportPipe) == 0 else {
            let error = errno
            closeAll(stdinPipe + outputPipe)
            return .failed(errorText(error))
        }
        let environmentLines = HookEnvironment.lines(process: HookEnvironment.current(), event: environment)
        // Everything the forked guardian reads is allocated here, before the fork: it may not
        // allocate (docs: CHookGuard/hook_guard.c).
        let guardian = withCStrings([path]) { argv in
            withCStrings(environmentLines) { envp in
                vc_hook_guardian_start(path, argv, envp, stdinPipe[0], outputPipe[1], reportPipe[1],
                                       Int64((timeLimit * 1000).rounded()))
            }
        }
        closeAll([stdinPipe[0], outputPipe[1], reportPipe[1]])
        guard guardian > 0 else {
            closeAll([stdinPipe[1], outputPipe[0], reportPipe[0]])
            return .failed(errorText(-guardian))
        }
        return .started(guardian: guardian, input: stdinPipe[1], output: outputPipe[0], report: reportPipe[0])
    }

    /// Blocks until the guardian is done: the hook's outcome, its output capped and sanitized.
    public func wait() -> HookRunner.Outcome {
        switch state {
        case .failed(let reason):
            return HookRunner.Outcome(path: path, result: .couldNotStart(reason))
        case let .started(guardian, input, output, report):
            return wait(guardian: guardian, inputFD: input, outputFD: output, reportFD: report)
        }
    }

    private func wait(guardian: pid_t, inputFD: Int32, outputFD: Int32, reportFD: Int32) -> HookRunner.Outcome {
        defer { close(reportFD) }
        let started = Self.readRecord(reportFD)
        guard let started, started.kind == Int32(VC_HOOK_STARTED) else {
            Self.closeAll([inputFD, outputFD])
            Self.reap(guardian)
            let reason = started.map { Self.errorText($0.value) } ?? "guardian"
            return HookRunner.Outcome(path: path, result: .couldNotStart(reason))
        }
        Self.give(input, to: inputFD)
        let output = Self.collectOutput(outputFD, guardian: guardian, safetyLimit: timeLimit + 5)
        close(outputFD)
        let final = Self.readRecord(reportFD)
        Self.reap(guardian)
        let result: HookRunner.Outcome.Result
        switch final?.kind {
        case Int32(VC_HOOK_EXITED)?: result = .exited(final?.value ?? 0)
        case Int32(VC_HOOK_SIGNALLED)?: result = .signalled(final?.value ?? 0)
        default: result = .killedAtTimeLimit
        }
        return HookRunner.Outcome(path: path, result: result,
                                  output: TextSanitizer.clean(String(decoding: output, as: UTF8.self), keepingLineBreaks: true),
                                  descendantsEnded: Int(final?.ended ?? 0))
    }

    /// The event's JSON on the hook's stdin, then end of file. It is far below a pipe's buffer,
    /// so the write never waits; a hook that exited or closed its stdin first makes it fail
    /// with EPIPE, an ordinary error (SIGPIPE is ignored in every process of the product).
    private static func give(_ bytes: [UInt8], to fd: Int32) {
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
        close(fd)
    }

    /// The hook's stdout and stderr until every holder has closed them (the guardian ends them
    /// all at the time limit), at most `HookRunner.outputCap` bytes kept; the rest is read and
    /// dropped so that a talkative hook never blocks. Should the guardian fail to end things,
    /// it is asked to stop at `safetyLimit`, killed 3 s later, and the output is left there.
    /// The system's monotonic clock, not an injected one: a real child process runs in real time,
    /// the guardian (C, between fork and exec) times it on CLOCK_MONOTONIC, and this thread waits
    /// in poll(2); the safety limit must be read on the same clock.
    private static func collectOutput(_ fd: Int32, guardian: pid_t, safetyLimit: Double) -> [UInt8] {
        let start = AppClock.monotonicSeconds()
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var asked = false
        while true {
            let waited = AppClock.monotonicSeconds() - start
            if waited >= safetyLimit + 3 {
                kill(guardian, SIGKILL)
                return output
            }
            if waited >= safetyLimit && !asked {
                kill(guardian, SIGTERM)
                asked = true
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 250)
            if ready <= 0 { continue }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return output }
            if output.count < HookRunner.outputCap {
                output += buffer[0..<min(count, HookRunner.outputCap - output.count)]
            }
        }
    }

    private static func readRecord(_ fd: Int32) -> vc_hook_record? {
        var record = vc_hook_record()
        let size = MemoryLayout<vc_hook_record>.size
        while true {
            let count = withUnsafeMutableBytes(of: &record) { read(fd, $0.baseAddress, size) }
            if count < 0 && errno == EINTR { continue }
            return count == size ? record : nil
        }
    }

    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func closeAll(_ descriptors: [Int32]) {
        for fd in descriptors where fd >= 0 { close(fd) }
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// `strings` as a NULL-terminated array of C strings for the duration of `body`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
