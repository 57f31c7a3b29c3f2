import Foundation
import Testing
import TestSupport

/// docs/PRODUCT.md: Terminal behaviour: the app ends when its terminal goes away, whatever the
/// disposition of SIGHUP. Started by a shell that ignores SIGHUP (as `nohup` does), the app
/// keeps it ignored; when its tmux pane is killed the terminal is hung up, and only the end of
/// its input can tell the app.
@Suite(.serialized)
struct TerminalGoneTests {
    @Test("with SIGHUP ignored, the app ends within 20 s of its terminal going away, state saved")
    func endsWhenTheTerminalGoesAway() async throws {
        var options = AppFixture.Options()
        options.launcher = ["/bin/sh", "-c", "trap '' HUP; exec \"$0\" \"$@\""]
        let app = try await AppFixture.start(options)
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        let pid = try await app.session.appPID()
        // The premise: SIGHUP cannot end this app, so a passing test proves the end of input did.
        #expect(Self.ignoresHangup(pid), "SIGHUP is ignored by the running app")
        try await app.session.killPane()
        await Eventually.holds(within: .seconds(20), every: .milliseconds(50)) { !TmuxSession.isRunning(pid) }
        #expect(!TmuxSession.isRunning(pid), "the app still runs 20 s after its terminal went away")
        let data = try #require(app.home.read(app.home.appStateFile), "app-state.json written")
        #expect((try? JSONSerialization.jsonObject(with: data)) is [String: Any], "app-state.json is whole")
    }

    /// Bit SIGHUP of `SigIgn` in /proc/PID/status.
    private static func ignoresHangup(_ pid: pid_t) -> Bool {
        guard let data = ProcFile.data("/proc/\(pid)/status") else { return false }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
        guard let hex = line?.split(separator: "\t").last, let mask = UInt64(hex.trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(SIGHUP - 1)) != 0
    }
}
