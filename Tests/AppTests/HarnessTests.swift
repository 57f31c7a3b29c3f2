import Foundation
import Testing
import TestSupport

/// The tmux harness itself, driven with the shell so that it is known to work before the app is blamed.
@Suite(.serialized)
struct HarnessTests {
    @Test("keys reach the program, the screen is captured, the exit status is reported")
    func keysScreenAndExit() async throws {
        // Reads one line and echoes it reversed inside brackets, then exits with its length.
        let script = #"printf 'ready\n'; read line; printf '[%s]\n' "$line"; exit 7"#
        let session = try await TmuxSession.start(executable: "/bin/sh", arguments: ["-c", script],
                                                  columns: 40, rows: 6)
        defer { session.close() }
        try await session.waitFor(texts: ["ready"])
        #expect(try await session.exitStatus() == nil)
        try await session.type("héllo 日本")
        try await session.sendKeys("Enter")
        let screen = try await session.waitFor(texts: ["[héllo 日本]"])
        #expect(screen.count == 6)
        #expect(try await session.waitForExit() == 7)
        #expect(session.terminalSettingsBefore == session.terminalSettingsAfter)
        #expect(session.terminalSettingsBefore?.isEmpty == false)
    }

    @Test("the program's pid is its own, signals reach it, resize reaches it")
    func pidSignalsAndResize() async throws {
        let script = #"trap 'echo "size $(stty size)"' WINCH; echo "pid $$"; while :; do sleep 0.05; done"#
        let session = try await TmuxSession.start(executable: "/bin/sh", arguments: ["-c", script],
                                                  columns: 50, rows: 8)
        defer { session.close() }
        let pid = try await session.appPID()
        try await session.waitFor(texts: ["pid \(pid)"])
        try await session.resize(columns: 70, rows: 12)
        try await session.waitFor(texts: ["size 12 70"])
        #expect(try await session.capture().count == 12)
        try await session.kill(SIGTERM)
        #expect(try await session.waitForExit() == 128 + SIGTERM)
    }

    @Test("the alternate screen and reverse video are seen")
    func alternateScreenAndAttributes() async throws {
        let script = #"printf '\033[?1049h\033[7mFOCUS\033[0m\n'; read x; printf '\033[?1049l'"#
        let session = try await TmuxSession.start(executable: "/bin/sh", arguments: ["-c", script],
                                                  columns: 40, rows: 6)
        defer { session.close() }
        try await session.waitFor(texts: ["FOCUS"])
        #expect(try await session.alternateScreenOn())
        let colored = try await session.capture(escapes: true)
        #expect(colored.joined().contains("\u{1B}[7mFOCUS"), "\(colored)")
        try await session.sendKeys("Enter")
        #expect(try await session.waitForExit() == 0)
        #expect(try await session.alternateScreenOn() == false)
    }

    @Test("close removes the socket directory and ends the server")
    func closeCleansUp() async throws {
        let session = try await TmuxSession.start(executable: "/bin/sh", arguments: ["-c", "sleep 30"])
        let directory = session.directory
        let server = session.serverPID
        #expect(FileManager.default.fileExists(atPath: directory))
        session.close()
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(!TmuxSession.isRunning(server))
    }
}
