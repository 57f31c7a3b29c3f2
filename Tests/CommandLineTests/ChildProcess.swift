import Foundation
import Glibc
import TestSupport

/// The built binary started without waiting for it, for tests that act on the running
/// process (signals, `/proc`, races). Output goes to files in the home, read at the end.
///
/// posix_spawn and waitpid on this one pid, not Foundation's `Process`: with many tests
/// spawning at once, `Process` could miss a child's end (its `isRunning` stayed true for a
/// process long gone), and the child must start with an empty signal mask (Swift Testing's
/// threads block most signals, which the child would inherit).
final class ChildProcess: @unchecked Sendable {
    // @unchecked: `ended` is written once, by `wait`, which a test calls from one task.
    enum TerminationReason: Equatable, Sendable {
        case exit
        case uncaughtSignal
    }

    let pid: pid_t
    private let outputPath: String
    private let errorPath: String
    private var ended: (status: Int32, reason: TerminationReason)?

    /// `prefix` runs before the binary (e.g. `strace …`); `shell` wraps everything in `sh -c`.
    init(_ runner: BinaryRunner, _ arguments: [String], prefix: [String] = [], shell: String? = nil,
         directory: String? = nil, environment: [String: String] = [:]) throws {
        outputPath = runner.home + "/child-\(UUID().uuidString).out"
        errorPath = outputPath + ".err"
        let command = prefix + [runner.executable] + (runner.passesHomeOption ? ["--home", runner.home] : []) + arguments
        var argv = shell.map { ["/bin/sh", "-c", $0 + " \"$@\"", "sh"] + command } ?? (["/usr/bin/env"] + command)
        if let directory {
            // glibc's posix_spawn_file_actions_addchdir_np is not visible to Swift here.
            argv = ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", directory] + argv
        }

        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        Self.closeOtherDescriptors(&actions)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = runner.environment(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw TestSupportError.setupFailed("posix_spawn \(argv[0]): \(result)") }
        pid = child
    }

    /// The child gets no descriptor beyond 0–2. Tests running alongside hold files open for
    /// a moment (Foundation's `Data.write` does not set close-on-exec); a child that inherited
    /// a settings.json open for writing would keep it open for its whole life, and the app
    /// waits for, then refuses, a file that someone has open for writing. glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` is hidden from Swift, hence the look-up.
    private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }

    /// Waits for the end without blocking a concurrency thread; nil when `seconds` pass first
    /// (the process is then killed: a hang check, not a speed test).
    func wait(seconds: Double = 60) async -> (status: Int32, reason: TerminationReason)? {
        if let ended { return ended }
        // Looked at once more after the deadline too (`Eventually` does): a task the pool ran
        // late must not call a child that ended meanwhile a hang.
        let pid = pid
        var reaped: (status: Int32, reason: TerminationReason)?
        await Eventually.holds(within: .seconds(seconds), every: .milliseconds(10)) {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return false }
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
            let signal = status & 0x7f
            reaped = signal == 0 ? ((status >> 8) & 0xff, .exit) : (signal, .uncaughtSignal)
            return true
        }
        if let reaped {
            ended = reaped
            return reaped
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return nil
    }

    /// Sends `signal` if the process has not been waited for yet.
    func signal(_ signal: Int32) {
        if ended == nil { kill(pid, signal) }
    }

    /// Ends the process at once (SIGKILL) and reaps it, unless it was waited for already: the
    /// cleanup of a `defer`, so a failing test leaves nothing running.
    func killNow() {
        guard ended == nil else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        ended = (SIGKILL, .uncaughtSignal)
    }

    var standardOutput: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
}

/// Polls `condition` every 5 ms for at most `seconds` (a generous bound on a wait for an
/// event, never a timing assertion).
func eventually(seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    await Eventually.holds(within: .seconds(seconds), every: .milliseconds(5), condition)
}
