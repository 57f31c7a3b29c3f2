#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A program running full screen in a detached tmux session on a private server, for end-to-end tests.
///
/// ```swift
/// let session = try await TmuxSession.start(executable: binary, arguments: ["--home", home],
///                                           environment: ["LANG": "C.UTF-8"], columns: 100, rows: 30)
/// defer { session.close() }
/// try await session.waitFor("the title") { screen in screen.joined().contains("Settings") }
/// try await session.sendKeys("l")
/// ```
///
/// The program runs under a small shell script in the pane that records `stty -g` before and after it,
/// writes the program's process id, and prints `__EXIT__=<status>` when it ends (a signal shows as
/// 128 + the signal number); the script then sleeps, so the final screen stays and can be captured
/// (tmux can drop the last output of a pane whose process has ended). Each session has its own socket directory (`-S DIR/sock`, `-f /dev/null`),
/// removed with the server by `close()` or, failing that, when the value is released.
public final class TmuxSession: @unchecked Sendable {
    public let directory: String
    public let tmux: TmuxCommand
    /// The tmux server's process id (killed on release if `close()` was never called).
    public let serverPID: pid_t
    public private(set) var columns: Int
    public private(set) var rows: Int
    private let lock = NSLock()
    private var closed = false

    /// The environment the program gets when the caller does not say: a UTF-8 locale and a terminal
    /// type tmux implements. `env -i` makes it the whole environment.
    public static let baseEnvironment: [String: String] = [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "TERM": "tmux-256color",
        "SWIFT_BACKTRACE": "enable=no",
    ]

    private init(directory: String, tmux: TmuxCommand, serverPID: pid_t, columns: Int, rows: Int) {
        self.directory = directory
        self.tmux = tmux
        self.serverPID = serverPID
        self.columns = columns
        self.rows = rows
    }

    /// Starts `executable arguments...` in a new detached session of `columns`×`rows` cells.
    /// - Parameter environment: merged over `baseEnvironment`; this is the program's entire environment.
    public static func start(executable: String, arguments: [String], environment: [String: String] = [:],
                             columns: Int = 100, rows: Int = 30) async throws -> TmuxSession {
        var template = Array((NSTemporaryDirectory() + "/vc-tmux-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw TestSupportError.setupFailed("mkdtemp: errno \(errno)")
        }
        let directory = String(cString: made)
        do {
            let script = directory + "/run.sh"
            try wrapperScript.write(toFile: script, atomically: true, encoding: .utf8)
            let tmux = try TmuxCommand(socketPath: directory + "/sock")
            var env = baseEnvironment
            env.merge(environment) { _, new in new }
            let command = ["/usr/bin/env", "-i"] + env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                + ["/bin/sh", script, directory, executable] + arguments
            // remain-on-exit is set in the same client command as new-session, before the pane can end.
            try await tmux.run(["set-option", "-g", "remain-on-exit", "on", ";",
                                "set-option", "-g", "history-limit", "20000", ";",
                                "new-session", "-d", "-s", "app", "-x", String(columns), "-y", String(rows), "--"]
                               + command)
            let pidText = try await tmux.run(["display-message", "-p", "#{pid}"])
            guard let serverPID = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw TestSupportError.setupFailed("tmux server pid: \(pidText)")
            }
            return TmuxSession(directory: directory, tmux: tmux, serverPID: serverPID, columns: columns, rows: rows)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// `$1` is the session directory, the rest the program and its arguments. The inner `sh -c` writes its
    /// own pid and then becomes the program, so `app.pid` is the program's pid.
    ///
    /// `set -m` gives the script job control, as a login shell has: the program runs in its own foreground
    /// process group (so Ctrl-C and Ctrl-Z reach only it, and its group is not orphaned, which would make
    /// the kernel discard a terminal stop). When the program stops (status 147 to 150), the script marks it
    /// with the file `stopped` and waits for `resume` to appear before it runs `fg`, as a person would.
    private static let wrapperScript = """
        set -m
        dir=$1; shift
        stty -g > "$dir/stty.before" 2>/dev/null
        sh -c 'echo $$ > "$0/app.pid.tmp" && mv "$0/app.pid.tmp" "$0/app.pid" && exec "$@"' "$dir" "$@"
        status=$?
        while [ "$status" -ge 147 ] && [ "$status" -le 150 ]; do
            : > "$dir/stopped"
            while [ ! -e "$dir/resume" ]; do sleep 0.02; done
            rm -f "$dir/resume" "$dir/stopped"
            fg > /dev/null 2>&1
            status=$?
        done
        stty -g > "$dir/stty.after" 2>/dev/null
        echo "__EXIT__=$status"
        exec sleep 86400

        """

    deinit {
        close()
    }

    /// Kills the server (and with it the pane's processes) and removes the socket directory. Synchronous, so
    /// it also runs from `deinit`; safe to call more than once.
    public func close() {
        let alreadyClosed = lock.withLock {
            defer { closed = true }
            return closed
        }
        guard !alreadyClosed else { return }
        if let app = readAppPID() { posixKill(app, SIGKILL) }
        posixKill(serverPID, SIGTERM)
        // The server removes its socket on SIGTERM; give it a moment so the directory removal sees no socket.
        Eventually.holdsBlocking(within: .seconds(1), every: .milliseconds(10)) { !Self.isRunning(serverPID) }
        if Self.isRunning(serverPID) { posixKill(serverPID, SIGKILL) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: keys

    /// Sends tmux key names (`Enter`, `Escape`, `Tab`, `BTab`, `Up`, `Down`, `F1`, `F10`, `C-c`, `C-l`,
    /// `BSpace`, `DC`, or a single character), one `send-keys` for all of them.
    public func sendKeys(_ keys: String...) async throws {
        try await sendKeys(keys)
    }

    public func sendKeys(_ keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await tmux.run(["send-keys", "-t", "app"] + keys)
    }

    /// Types `text` literally (`send-keys -l`): no key-name lookup.
    public func type(_ text: String) async throws {
        try await tmux.run(["send-keys", "-t", "app", "-l", "--", text])
    }

    // MARK: screen

    /// The visible rows, without trailing spaces; a wide character appears once. With `escapes`, the rows
    /// carry SGR sequences for colours and attributes (`capture-pane -e`).
    public func capture(escapes: Bool = false) async throws -> [String] {
        let output = try await tmux.run(["capture-pane", "-p", "-t", "app"] + (escapes ? ["-e"] : []))
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Everything the pane printed, the rows scrolled off the top first (`capture-pane -S -`), up
    /// to the last 20,000 rows (the session's history limit: the line mode prints a frame a second).
    /// `joined`: a printed line that the pane wrapped comes back as one line (`-J`).
    public func captureHistory(joined: Bool = false) async throws -> [String] {
        let output = try await tmux.run(["capture-pane", "-p", "-S", "-", "-t", "app"] + (joined ? ["-J"] : []))
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A tmux format (`#{alternate_on}`, `#{pane_dead}`, `#{cursor_x}` ...) for the pane.
    public func format(_ format: String) async throws -> String {
        try await tmux.run(["display-message", "-p", "-t", "app", format])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the pane shows the alternate screen.
    public func alternateScreenOn() async throws -> Bool {
        try await format("#{alternate_on}") == "1"
    }

    /// Polls the screen about every 20 ms until `predicate` holds on a settled screen and returns that
    /// screen. Throws `TmuxError.timedOut` (or `.paneDied` if the program ended and the screen still does
    /// not match), carrying the last screen for the failure message.
    ///
    /// Settled means the predicate still holds on a second capture 50 ms later, and that later
    /// capture is the one returned: on a loaded machine the program can be descheduled halfway
    /// through writing a frame, and a capture then shows the top of the new frame over the bottom
    /// of the old one. A predicate that matches the new header would otherwise hand the caller a
    /// screen whose lower rows still belong to the previous state. (Requiring two equal captures
    /// was too strict: under load a capture can take long enough that a clock text on screen
    /// changes between any two of them.)
    @discardableResult
    public func waitFor(_ what: String, timeout: Duration = .seconds(30), escapes: Bool = false,
                        _ predicate: ([String]) -> Bool) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var screen: [String] = []
        while true {
            screen = try await capture(escapes: escapes)
            if predicate(screen) {
                // A match must hold on a second look (not a frame caught mid-draw): the spacing of two looks.
                try await Task.sleep(for: .milliseconds(50))
                let again = try await capture(escapes: escapes)
                if predicate(again) { return again }
                screen = again
                if ContinuousClock.now < deadline { continue }
            }
            if ContinuousClock.now >= deadline { throw TmuxError.timedOut(what: what, screen: screen) }
            if exitMarker(in: screen) != nil {
                // The program is gone: one more capture in case the match raced the end, then give up.
                screen = try await capture(escapes: escapes)
                if predicate(screen) { return screen }
                throw TmuxError.paneDied(what: what, screen: screen)
            }
            try await Task.sleep(for: .milliseconds(20))  // the pause between looks at the predicate
        }
    }

    /// Waits until the joined screen contains every one of `texts`.
    @discardableResult
    public func waitFor(texts: [String], timeout: Duration = .seconds(30)) async throws -> [String] {
        try await waitFor(texts.joined(separator: ", "), timeout: timeout) { screen in
            let joined = screen.joined(separator: "\n")
            return texts.allSatisfy { joined.contains($0) }
        }
    }

    // MARK: the program

    /// The program's exit status once it has ended (from the `__EXIT__=` line), nil while it runs.
    public func exitStatus() async throws -> Int32? {
        exitMarker(in: try await capture())
    }

    /// Waits for the program to end and returns its status (128 + signal when a signal ended it).
    public func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let screen = try await waitFor("the program to exit", timeout: timeout) { exitMarker(in: $0) != nil }
        // waitFor only returns when the predicate held.
        return exitMarker(in: screen) ?? -1
    }

    /// The program's process id (not the wrapper shell's), waiting up to `timeout` for it to start.
    public func appPID(timeout: Duration = .seconds(30)) async throws -> pid_t {
        var pid: pid_t?
        if await Eventually.holds(within: timeout, every: .milliseconds(10), { pid = readAppPID(); return pid != nil }), let pid {
            return pid
        }
        throw TmuxError.noAppProcess
    }

    /// Sends `signal` to the program itself.
    public func kill(_ signal: Int32) async throws {
        let pid = try await appPID()
        posixKill(pid, signal)
    }

    /// Kills the pane: tmux closes the terminal's master side (the program's terminal is hung
    /// up) and the program is left to notice; its pid stays known.
    public func killPane() async throws {
        try await tmux.run(["kill-pane", "-t", "app"])
    }

    /// Resizes the window (and so the program's terminal, which then gets SIGWINCH).
    public func resize(columns: Int, rows: Int) async throws {
        try await tmux.run(["resize-window", "-t", "app", "-x", String(columns), "-y", String(rows)])
        lock.withLock {
            self.columns = columns
            self.rows = rows
        }
    }

    /// Whether the program is stopped (Ctrl-Z) and the shell has the terminal back.
    public var isSuspended: Bool {
        FileManager.default.fileExists(atPath: directory + "/stopped")
    }

    /// Resumes a stopped program in the foreground (the shell's `fg`).
    public func resume() throws {
        try TestFile.write(Data(), to: directory + "/resume")
    }

    /// `stty -g` of the pane's terminal just before the program started, and just after it ended
    /// (nil until then).
    public var terminalSettingsBefore: String? { readTrimmed("stty.before") }
    public var terminalSettingsAfter: String? { readTrimmed("stty.after") }

    /// `stty -g` of the pane's terminal right now (read from its device, so also while the program runs
    /// or is stopped).
    public func terminalSettingsNow() async throws -> String {
        let tty = try await format("#{pane_tty}")
        let result = try await Subprocess.run(
            .path(FilePath("/bin/sh")), arguments: ["-c", "stty -g < \"$0\"", tty],
            input: .none, output: .string(limit: 4096), error: .discarded)
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: helpers

    /// Whether `pid` is a running process: a zombie (an ended process not yet reaped, as tmux's daemonised
    /// server is until init reaps it) counts as ended.
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard posixKill(pid, 0) == 0 else { return false }
        guard let stat = ProcFile.data("/proc/\(pid)/stat") else { return true }
        let text = String(decoding: stat, as: UTF8.self)
        // The state follows the parenthesised command name, which may itself contain ") ".
        guard let close = text.range(of: ") ", options: .backwards) else { return true }
        return text[close.upperBound...].first != "Z"
    }

    /// The status in an `__EXIT__=N` line of the screen.
    public func exitMarker(in screen: [String]) -> Int32? {
        for line in screen.reversed() {
            if let range = line.range(of: "__EXIT__=") {
                return Int32(line[range.upperBound...].prefix { $0.isNumber })
            }
        }
        return nil
    }

    private func readAppPID() -> pid_t? {
        readTrimmed("app.pid").flatMap { pid_t($0) }
    }

    private func readTrimmed(_ name: String) -> String? {
        guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A screen framed for a failure message, row numbers included.
    public static func framed(_ screen: [String]) -> String {
        screen.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }.joined(separator: "\n")
    }
}

/// The C `kill`, out of reach of `TmuxSession.kill` inside the class.
@discardableResult
private func posixKill(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}
