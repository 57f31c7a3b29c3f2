import Foundation
import Testing
import TestSupport

/// SPEC §10.4: where the terminal answers DECRQM 2026 with "set" or "reset", every frame is
/// written between the begin and end marks of a synchronized update, and the mode is left on no
/// exit path (the app ends the update itself on every one, the crash handler's included); a
/// terminal that does not answer never gets a mark. The real binary under the pty emulator
/// (scripts/check-terminal-probe), ended every way the terminal-restore tests end it.
@Suite(.serialized)
struct SynchronizedOutputTests {
    static let exits = ["q", "ctrl-z", "SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGSEGV", "SIGBUS", "SIGILL", "SIGABRT"]

    @Test("a terminal that answers DECRQM 2026: every frame marked, the update ended by the app on the way out",
          arguments: exits)
    func answered(exit: String) async throws {
        let result = try await Self.check(["--sync", "2", "--expect-sync", "on", "--exit", exit])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("the app ended the update itself"), "\(result)")
    }

    @Test("a terminal that says the mode is set (1) gets the marks too")
    func answeredSet() async throws {
        let result = try await Self.check(["--sync", "1", "--expect-sync", "on", "--exit", "q"])
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test("a terminal that does not answer DECRQM 2026, or says it does not know the mode (0): no mark on any path",
          arguments: exits.map { ($0, nil as String?) } + [("q", "0"), ("SIGSEGV", "0")])
    func notAnswered(exit: String, answer: String?) async throws {
        let result = try await Self.check((answer.map { ["--sync", $0] } ?? []) + ["--expect-sync", "off", "--exit", exit])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("no synchronized-update marks"), "\(result)")
    }

    @Test("doctor says whether synchronized output is on", arguments: [(["--sync", "2"], "doctor.terminal.sync_on"),
                                                                      ([], "doctor.terminal.sync_off")])
    func doctor(options: [String], key: String) async throws {
        let home = try TemporaryHome(prefix: "verbumcare-doctor-sync")
        let app = try BinaryRunner(home: home.path)
        let checker = BinaryRunner(program: TerminalMeasureTests.script, home: home.path)
        let result = try await checker.run(["--to-end", "--answer-cpr", "--answer-da1"] + options
                                           + ["--", app.executable, "--home", home.path, "--lang", "en", "doctor"])
        let expected = try Catalog("en").text(key)
        #expect(Screen.squash(result.standardOutput).contains(Screen.squash(expected)), "expected: \(expected)\n\(result)")
    }

    /// Ctrl-Z needs a shell with job control: the app alone in a new session is an orphaned
    /// process group, whose terminal stop signals the kernel discards. The shell stops itself
    /// after the app stops (so the emulator sees the suspension), and `fg` resumes it on SIGCONT.
    static let jobControl = ["/bin/bash", "-c", "set -m; \"$@\"; kill -STOP $$; fg", "bash"]

    static func check(_ options: [String]) async throws -> ProcessResult {
        try await PtyTerminalScript.run("check-terminal-probe", language: "en",
                                        options: ["--answer-cpr", "--answer-da1"] + options,
                                        wrapper: options.contains("ctrl-z") ? jobControl : [])
    }
}
