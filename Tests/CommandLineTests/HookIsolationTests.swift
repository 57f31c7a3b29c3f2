import BackendClient
import Foundation
import Glibc
import Testing
import TestSupport
import Watch

/// SPEC §15.3 Isolation, with the runner in this process (which plays the monitor: it has a
/// large environment, descriptors of its own and signals blocked): a hook gets a clean
/// environment, no descriptor but 0, 1 and 2, its own process group, no signal blocked or
/// ignored, and at the time limit it and every descendant end, a child that called setsid or
/// was double-forked included. Every hook here reads its stdin: this process does not ignore
/// SIGPIPE as the product does (AlertsPeerTests tries hooks that do not, under the binary).
@Suite("hook isolation")
struct HookIsolationTests {
    /// The short time limit of these tests (production: 10 s).
    static let limit = 2.0
    static let event = ["VERBUMCARE_EVENT": "server_down", "VERBUMCARE_SERVER_ID": "mac-mini",
                        "VERBUMCARE_MESSAGE": "サーバー \"Mac Mini\" に接続できません"]

    /// `HookRunner.run` on a thread of its own, as the delivery does: its blocking wait must not
    /// hold one of the few threads every test of this process shares.
    static func run(_ hook: String, input: String) async -> HookRunner.Outcome {
        await withCheckedContinuation { continuation in
            DetachedThread.start {
                continuation.resume(returning: HookRunner.run(hook, environment: event, input: input, timeLimit: limit))
            }
        }
    }

    static func install(_ script: String, in home: TemporaryHome, name: String = "10-hook") throws -> String {
        let path = home.configDirectory + "/hooks.d/" + name
        try home.write(script, to: "config/verbumcare/hooks.d/" + name)
        chmod(path, 0o755)
        return path
    }

    @Test("environment, descriptors, process group, signals and stdin as a hook sees them")
    func whatAHookGets() async throws {
        let home = try TemporaryHome(prefix: "hook-isolation")
        let out = home.path
        let hook = try Self.install("""
            #!/bin/sh
            tr '\\0' '\\n' < /proc/$$/environ > '\(out)/environ'
            ls -l /proc/self/fd > '\(out)/fds'
            echo "$$ $(cut -d' ' -f5 /proc/$$/stat)" > '\(out)/group'
            grep -E '^Sig(Ign|Blk):' /proc/self/status > '\(out)/signals'
            cat > '\(out)/stdin'
            echo "done"

            """, in: home)
        // Descriptors this process holds open without close-on-exec: a file, both ends of a
        // pipe, a socket. None may reach the hook.
        let file = open(home.path + "/held-open", O_RDWR | O_CREAT, 0o600)
        var pipeEnds: [Int32] = [-1, -1]
        pipe(&pipeEnds)
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let extra = [file] + pipeEnds + [socketFD]
        defer { extra.forEach { close($0) } }
        try #require(extra.allSatisfy { $0 > 2 && fcntl($0, F_GETFD) & FD_CLOEXEC == 0 }, "\(extra)")

        let outcome = await Self.run(hook, input: "{\"event\":\"server_down\"}\n")
        #expect(outcome.result == .exited(0) && outcome.output == "done\n", "\(outcome)")

        let environment = try String(contentsOfFile: out + "/environ", encoding: .utf8).split(separator: "\n").map(String.init)
        let names = environment.map { String($0.prefix { $0 != "=" }) }
        #expect(names.allSatisfy { ["PATH", "HOME", "LANG", "TZ"].contains($0) || $0.hasPrefix("LC_") || $0.hasPrefix("VERBUMCARE_") },
                "\(names)")
        for (name, value) in Self.event { #expect(environment.contains("\(name)=\(value)"), "\(name): \(environment)") }
        let mine = ProcessInfo.processInfo.environment
        #expect(mine["PATH"].map { environment.contains("PATH=\($0)") } ?? environment.contains("PATH=\(HookEnvironment.defaultPath)"))
        #expect(mine.keys.contains { !HookEnvironment.isPassedOn($0) }, "this process has variables a hook must not get")

        // `ls` lists its own descriptor of /proc/self/fd too: that one is left out by its target.
        let fds = try String(contentsOfFile: out + "/fds", encoding: .utf8).split(separator: "\n").compactMap { line -> Int? in
            let parts = line.components(separatedBy: " -> ")
            guard parts.count == 2, parts[1].range(of: #"^/proc/\d+/fd$"#, options: .regularExpression) == nil else { return nil }
            return parts[0].split(separator: " ").last.flatMap { Int($0) }
        }
        #expect(fds.sorted() == [0, 1, 2], "descriptors of the hook: \(fds)")

        let group = try String(contentsOfFile: out + "/group", encoding: .utf8).split(separator: " ")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(group.count == 2 && group[0] == group[1], "pid and process group of the hook: \(group)")
        #expect(Int32(group.last ?? "") != getpgrp())

        // The test runner's threads block most signals; a hook blocks and ignores none. (Read by
        // grep of itself, which inherited the hook's: a shell blocks signals for a moment while
        // it forks, so its own line would depend on the moment.)
        let signals = try String(contentsOfFile: out + "/signals", encoding: .utf8)
        #expect(signals.contains("SigIgn:\t0000000000000000") && signals.contains("SigBlk:\t0000000000000000"), "\(signals)")
        #expect(try String(contentsOfFile: out + "/stdin", encoding: .utf8) == "{\"event\":\"server_down\"}\n")
    }

    @Test("output: stdout and stderr together, the first 16 KiB kept, control characters removed, the rest drained")
    func outputCapped() async throws {
        let home = try TemporaryHome(prefix: "hook-output")
        let hook = try Self.install("""
            #!/bin/sh
            cat > /dev/null
            printf 'out \\033[2J\\033]0;title\\007\\n'
            printf 'err\\n' >&2
            head -c 1000000 /dev/zero | tr '\\0' x

            """, in: home)
        let outcome = await Self.run(hook, input: "{}\n")
        // A megabyte is 15 pipe buffers: the hook ends only if all of it is read.
        #expect(outcome.result == .exited(0), "\(outcome.result)")
        // The screen-clearing and title-setting sequences are gone whole, not only their ESC.
        #expect(outcome.output.hasPrefix("out \nerr\nxxx"), "\(outcome.output.prefix(80))")
        #expect(!outcome.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control characters in \(outcome.output.prefix(80))")
        #expect(outcome.output.utf8.count <= 16 * 1024 && outcome.output.utf8.count > 16 * 1024 - 64, "\(outcome.output.utf8.count)")
    }

    /// The pid in `file` names a process that no longer exists (or is no longer `sleep`, its
    /// number having been reused).
    static func gone(_ file: String) throws -> Bool {
        let text = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(Int32(text), "pid file \(file): \(text)")
        guard kill(pid, 0) == 0 else { return errno == ESRCH }
        let command = ProcFile.text("/proc/\(pid)/comm") ?? ""
        return !command.hasPrefix("sleep")
    }

    @Test("at the time limit the hook and every descendant end: a setsid child and a double-forked one",
          arguments: [false, true])
    func descendantsEnd(hookHangsToo: Bool) async throws {
        let home = try TemporaryHome(prefix: "hook-escape")
        let out = home.path
        let hook = try Self.install("""
            #!/bin/sh
            cat > /dev/null
            setsid sleep 1000 > /dev/null 2>&1 < /dev/null &
            echo $! > '\(out)/setsid.pid'
            sh -c 'sleep 999 > /dev/null 2>&1 < /dev/null & echo $! > "$1"' sh '\(out)/double.pid'
            \(hookHangsToo ? "exec sleep 998" : "exit 0")

            """, in: home)
        let started = Date()
        let outcome = await Self.run(hook, input: "{}\n")
        let took = Date().timeIntervalSince(started)
        print("hook with escaping children (hook hangs: \(hookHangsToo)): ended after \(String(format: "%.2f", took)) s")
        #expect(outcome.result == (hookHangsToo ? .killedAtTimeLimit : .exited(0)), "\(outcome)")
        #expect(outcome.descendantsEnded == 2, "\(outcome)")
        #expect(try Self.gone(out + "/setsid.pid"), "the setsid child outlived the time limit")
        #expect(try Self.gone(out + "/double.pid"), "the double-forked child outlived the time limit")
        // Not before the limit (what the hook left was allowed to run until then). How long after
        // is the machine's load, not the behaviour: the descendants being gone is.
        #expect(took >= Self.limit, "\(took)")
    }
}
