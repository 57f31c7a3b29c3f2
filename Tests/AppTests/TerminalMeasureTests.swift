import Foundation
import Testing
import TestSupport

/// SPEC §10.4: the app measures the terminal instead of guessing, and its first frame never waits
/// for the answers. The real binary runs in a pseudo-terminal under pyte
/// (scripts/check-terminal-probe), a terminal emulator that answers cursor-position reports,
/// OSC 11, DECRQM and DA1 as a real terminal would — or does not answer at all. Every step waits
/// on what the emulator shows, never on a time.
@Suite(.serialized)
struct TerminalMeasureTests {
    static let script = PtyTerminalScript.path("check-terminal-probe")

    @Test("a terminal that draws ambiguous characters two cells wide and says so: the app lays out wide, every box closed",
          arguments: ["ja", "en", "zh-Hant"])
    func measuresWide(language: String) async throws {
        let result = try await Self.check(language: language, ["--wide", "--answer-cpr", "--answer-da1"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("ok: Ctrl-L"), "\(result)")
    }

    @Test("the first frame is drawn before any answer, with the questions closed by DA1; a wide answer then lays the screen out again",
          arguments: ["ja", "en", "zh-Hant"])
    func firstFrameDoesNotWait(language: String) async throws {
        let result = try await Self.check(language: language, ["--wide", "--answer-cpr", "--answer-da1", "--hold", "--expect-paints", "2"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("ok: the first frame was drawn with 0 answer(s) sent"), "\(result)")
        #expect(result.standardOutput.contains("ok: painted 2 time(s)"), "\(result)")
    }

    @Test("answers that change nothing (a narrow terminal) draw no frame again")
    func noRedrawWhenNothingChanges() async throws {
        let result = try await Self.check(language: "ja", ["--answer-cpr", "--answer-da1", "--background", "rgb:0000/0000/0000",
                                                           "--sync", "0", "--expect-paints", "1"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("ok: painted 1 time(s)"), "\(result)")
    }

    @Test("the width measured last time for this TERM lays out the next start's first frame, before any answer")
    func remembersTheLastMeasurement() async throws {
        let home = try TemporaryHome(prefix: "verbumcare-remembered")
        let first = try await Self.check(language: "ja", ["--wide", "--answer-cpr", "--answer-da1", "--wait-for-remembered", home.path],
                                         home: home)
        #expect(first.exitCode == 0, "\(first)")
        // The same TERM again, now answering nothing at all: the first frame is already wide.
        let second = try await Self.check(language: "ja", ["--wide", "--silent-first"], home: home)
        #expect(second.exitCode == 0, "\(second)")
        #expect(second.standardOutput.contains("ok: first frame, before any answer"), "\(second)")
        // Another TERM has nothing remembered: its first frame is narrow and tears in this terminal.
        let other = try await Self.check(language: "ja", ["--wide", "--silent-first", "--term", "xterm"], home: home)
        #expect(other.exitCode == 1 && other.standardOutput.contains("do not hold"), "\(other)")
    }

    @Test("a terminal that never answers (not even DA1): the app asks, starts, and lays out one cell wide")
    func silentTerminalGetsOneCell() async throws {
        let result = try await Self.check(language: "ja", [])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("asked: 1 cursor report(s), 1 background question(s), 1 synchronized-output question(s), 1 DA1 request(s)"),
                "\(result)")
    }

    @Test("the same wide terminal without answers shows torn boxes (so the measuring test can fail)")
    func wideTerminalWithoutAnswerTears() async throws {
        let result = try await Self.check(language: "ja", ["--wide"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardOutput.contains("do not hold"), "\(result)")
    }

    @Test("VERBUMCARE_AMBIGUOUS_WIDE=0 overrides a terminal that answers wide (the boxes then tear), and no width is asked")
    func environmentOverrides() async throws {
        let result = try await Self.check(language: "en", ["--wide", "--answer-cpr", "--answer-da1", "--env", "VERBUMCARE_AMBIGUOUS_WIDE=0"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardOutput.contains("asked: 0 cursor report(s)"), "\(result)")
    }

    @Test("answers that come late (a cursor report, OSC 11, DECRQM, DA1) are applied or dropped, never read as keys")
    func lateAnswersAreNotKeys() async throws {
        let result = try await Self.check(language: "en", ["--late-answer"])
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test("a light background (OSC 11, COLORFGBG, VERBUMCARE_BACKGROUND) gets no yellow, green or cyan text in 8 colours",
          arguments: [["--background", "rgb:ffff/ffff/ffff"], ["--background", "rgb:fd/f6/e3"],
                      ["--env", "COLORFGBG=0;15"],
                      ["--background", "rgb:0000/0000/0000", "--env", "VERBUMCARE_BACKGROUND=light"]])
    func lightBackground(options: [String]) async throws {
        let result = try await Self.check(language: "en", ["--term", "xterm", "--answer-cpr", "--expect-palette", "light"] + options)
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test("a dark background keeps them (so the light-background test can fail)",
          arguments: [["--background", "rgb:0000/0000/0000"], ["--background", "rgb:ffff/ffff/ffff", "--env", "VERBUMCARE_BACKGROUND=dark"], []])
    func darkBackground(options: [String]) async throws {
        let result = try await Self.check(language: "en", ["--term", "xterm", "--answer-cpr", "--expect-palette", "dark"] + options)
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test("doctor reports the measured width, the variable's value and whether they disagree",
          arguments: [(["--wide", "--answer-cpr"], nil, "doctor.terminal.ambiguous_measured", "2"),
                      (["--answer-cpr"], "1", "doctor.terminal.ambiguous_disagrees", "1"),
                      (["--wide", "--answer-cpr"], "1", "doctor.terminal.ambiguous_measured_env", "2"),
                      ([], nil, "doctor.terminal.ambiguous_no_answer", "1")] as [([String], String?, String, String)])
    func doctorReports(options: [String], variable: String?, key: String, count: String) async throws {
        let home = try TemporaryHome(prefix: "verbumcare-doctor-probe")
        let app = try BinaryRunner(home: home.path)
        let checker = BinaryRunner(program: Self.script, home: home.path)
        let environment = variable.map { ["--env", "VERBUMCARE_AMBIGUOUS_WIDE=\($0)"] } ?? []
        let result = try await checker.run(["--to-end"] + options + environment
                                           + ["--", app.executable, "--home", home.path, "--lang", "en", "doctor"])
        let en = try Catalog("en")
        var parameters = ["term": "xterm-256color", "locale": "C.UTF-8", "count": count,
                          "variable": "VERBUMCARE_AMBIGUOUS_WIDE", "value": variable ?? ""]
        if count == "1", en.strings[key + ".one"] != nil { parameters["count"] = "1" }
        let expected = en.strings[count == "1" ? key + ".one" : key] ?? key
        let filled = parameters.reduce(expected) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        #expect(Screen.squash(result.standardOutput).contains(Screen.squash(filled)), "expected: \(filled)\n\(result)")
    }

    @Test("doctor off a terminal says it could not measure")
    func doctorOffATerminal() async throws {
        let home = try TemporaryHome(prefix: "verbumcare-doctor-probe")
        let app = try BinaryRunner(home: home.path)
        let result = try await app.run(["--lang", "en", "doctor"], environment: ["TERM": "xterm-256color"])
        let en = try Catalog("en")
        let words = en.text("doctor.terminal.ambiguous_not_a_terminal.one", ["term": "xterm-256color"])
            .components(separatedBy: "; ")[1]
        #expect(result.standardOutput.contains(words), "\(result)")
    }

    @Test("GNU screen answers the report from its own grid: with cjkwidth on the app lays out wide, with it off narrow",
          arguments: [("on", 0), ("off", 1)])
    func gnuScreen(cjkwidth: String, exitCode: Int32) async throws {
        let home = try TemporaryHome(prefix: "verbumcare-screen")
        let sockets = home.path + "/screen"
        try FileManager.default.createDirectory(atPath: sockets, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // autodetach off: when the test's terminal closes, screen ends with the app instead of
        // keeping a detached session alive (sessions of earlier runs were left behind).
        try home.write("cjkwidth \(cjkwidth)\nstartup_message off\nhardstatus off\ndefutf8 on\nautodetach off\n",
                       to: "screenrc")
        // The outer terminal draws ambiguous characters wide and answers nothing: only screen can.
        let result = try await Self.check(language: "ja", ["--wide", "--env", "SCREENDIR=\(sockets)"],
                                          wrapper: ["/usr/bin/screen", "-U", "-c", home.path + "/screenrc"], home: home)
        #expect(result.exitCode == exitCode, "\(result)")
        if exitCode == 0 {
            #expect(result.standardOutput.contains("asked: 0 cursor report(s)"), "screen passed the report on\n\(result)")
        }
    }

    static func check(language: String, _ options: [String], wrapper: [String] = [],
                      home: TemporaryHome? = nil) async throws -> ProcessResult {
        try await PtyTerminalScript.run("check-terminal-probe", language: language, options: options, wrapper: wrapper, home: home)
    }
}
