import Foundation
import Glibc
import Localization
import Testing
import TestSupport

/// SPEC §15.3, "No process of the product is ended by a peer": a hook that exits without
/// reading its stdin is a normal hook, and a closed stdout is an ordinary failure (SPEC §11),
/// never SIGPIPE's exit status 141.
@Suite("alerts test: no peer ends the process")
struct AlertsPeerTests {
    static let runs = 40

    /// A home with its hook folder and a decoy `true` (a copy of /bin/true in the home: links
    /// made by a test point at decoys, never at system files).
    static func home(_ prefix: String) throws -> (home: TemporaryHome, hooks: String, decoy: String) {
        let home = try TemporaryHome(prefix: prefix)
        let hooks = home.configDirectory + "/hooks.d"
        try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
        let decoy = home.path + "/decoys/true"
        try FileManager.default.createDirectory(atPath: home.path + "/decoys", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/true", toPath: decoy)
        chmod(decoy, 0o755)
        return (home, hooks, decoy)
    }

    /// Runs `alerts test` `runs` times; each must end by exit 0 (never a signal) listing `hooks`.
    static func expectNoSIGPIPE(_ runner: BinaryRunner, hooks: [String]) async throws {
        var signalled: [Int32] = []
        for _ in 0..<runs {
            let result = try await runner.run(["--lang", "en", "alerts", "test"])
            if let signal = result.signal { signalled.append(signal) }
            let listed = result.standardOutput.split(separator: "\n").map { String($0.split(separator: " ")[1]) }
            #expect(result.exitCode == 0 && listed == hooks, "\(result)")
            if result.exitCode != 0 || listed != hooks { break }
        }
        #expect(signalled.isEmpty, "alerts test was ended by signals \(signalled) (SIGPIPE is \(SIGPIPE))")
    }

    @Test("a hook that exits at once without reading stdin: 40 runs, never a signal, the hook listed")
    func hookThatExitsAtOnce() async throws {
        let (home, hooks, _) = try Self.home("peer-exit")
        let hook = hooks + "/10-exit"
        try TestFile.write(Data("#!/bin/sh\nexit 0\n".utf8), to: hook)
        chmod(hook, 0o755)
        try await Self.expectNoSIGPIPE(try BinaryRunner(home: home.path), hooks: [hook])
    }

    @Test("40 links to a decoy true: 40 runs, never a signal, all 40 listed in name order")
    func fortyLinksToTrue() async throws {
        let (home, hooks, decoy) = try Self.home("peer-true")
        let names = (10..<50).map { hooks + "/\($0)-true" }
        for name in names { try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: decoy) }
        try await Self.expectNoSIGPIPE(try BinaryRunner(home: home.path), hooks: names)
    }

    @Test("the binary ignores SIGPIPE, its hooks do not: they ignore no signal")
    func hooksGetDefaultSignals() async throws {
        let (home, hooks, _) = try Self.home("peer-sigdef")
        let hook = hooks + "/10-signals"
        let report = home.path + "/signals"
        // The hook's parent is its guardian; the guardian's parent is the binary.
        let script = """
            #!/bin/sh
            binary=$(awk '/^PPid:/ { print $2 }' /proc/$PPID/status)
            grep '^SigIgn:' /proc/self/status > '\(report)'
            grep '^SigIgn:' /proc/$binary/status >> '\(report)'

            """
        try TestFile.write(Data(script.utf8), to: hook)
        chmod(hook, 0o755)
        let result = try await BinaryRunner(home: home.path).run(["--lang", "en", "alerts", "test"])
        #expect(result.exitCode == 0, "\(result)")
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "SigIgn:\t0000000000000000", "\(lines)")
        let binary = lines.count == 2 ? UInt64(lines[1].dropFirst("SigIgn:\t".count), radix: 16) : nil
        #expect(binary.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) != 0 } == true, "the binary ignores SIGPIPE: \(lines)")
    }

    /// python3 makes a pipe, closes its read end and execs the binary with the write end as
    /// stdout and SIGPIPE's default disposition (Python itself ignores SIGPIPE, which exec would
    /// pass on).
    static let closedStdout = ["/usr/bin/python3", "-c",
                               "import os, signal, sys; signal.signal(signal.SIGPIPE, signal.SIG_DFL); "
                               + "r, w = os.pipe(); os.close(r); os.dup2(w, 1); os.execv(sys.argv[1], sys.argv[1:])"]

    @Test("--help and paths with stdout a pipe nobody reads: exit 1 and the reason on stderr",
          arguments: [["--help"], ["paths"]])
    func closedStdoutElsewhere(arguments: [String]) async throws {
        let home = try TemporaryHome(prefix: "peer-help")
        let child = try ChildProcess(try BinaryRunner(home: home.path), ["--lang", "en"] + arguments, prefix: Self.closedStdout)
        defer { child.killNow() }
        let ended = try #require(await child.wait(seconds: 300), "\(arguments) did not end")
        #expect(ended.reason == .exit && ended.status == 1, "\(arguments): \(ended); stderr: \(child.standardError)")
        #expect(child.standardError.contains(CLI.errorLine(.en, "cli.error.output_failed", ["reason": String(cString: strerror(EPIPE))])),
                "\(child.standardError)")
    }

    @Test("stdout a pipe nobody reads: exit 1 and the reason on stderr, in each language", arguments: AppLanguage.allCases)
    func closedStdout(language: AppLanguage) async throws {
        let (home, hooks, decoy) = try Self.home("peer-stdout")
        try FileManager.default.createSymbolicLink(atPath: hooks + "/10-true", withDestinationPath: decoy)
        let child = try ChildProcess(try BinaryRunner(home: home.path), ["--lang", language.rawValue, "alerts", "test"],
                                     prefix: Self.closedStdout)
        defer { child.killNow() }
        let ended = try #require(await child.wait(seconds: 300), "alerts test did not end")
        #expect(ended.reason == .exit && ended.status == 1,
                "\(ended) (141 or signal 13 is SIGPIPE); stderr: \(child.standardError)")
        let line = CLI.errorLine(language, "cli.error.output_failed", ["reason": String(cString: strerror(EPIPE))])
        #expect(child.standardError.contains(line), "\(child.standardError)")
    }
}
