import Foundation
import Glibc
import Testing
import TestSupport

/// A subcommand ended by signal N exits with 128+N. The command is held waiting for the
/// settings lock, which the test holds; the kernel's lock table says when it waits.
@Suite("Exit status after a signal")
struct SignalExitTests {
    /// True when `pid` waits for an flock (a `->` line of /proc/locks names blocked waiters).
    static func waitsForLock(_ pid: Int32) -> Bool {
        guard let text = ProcFile.text("/proc/locks") else { return false }
        return text.split(separator: "\n").contains { $0.contains("->") && $0.contains(" \(pid) ") }
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT])
    func aSubcommandEndedBySignalNExitsWith128PlusN(_ signal: Int32) async throws {
        let session = try CLI.Session()
        try FileManager.default.createDirectory(atPath: session.home.configDirectory, withIntermediateDirectories: true)
        let lockPath = session.home.configDirectory + "/.settings.json.lock"
        let lock = open(lockPath, O_RDWR | O_CREAT, 0o600)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let child = try ChildProcess(session.runner, ["settings", "add-custom", "https://ward3.example.org/api"])
        #expect(await eventually { Self.waitsForLock(child.pid) }, "the command reaches the lock")
        kill(child.pid, signal)
        let end = await child.wait()
        #expect(end?.reason == .exit, "an exit status, not death by signal")
        #expect(end?.status == 128 + signal)
        flock(lock, LOCK_UN)
        #expect(session.customServers().isEmpty, "nothing half-written")
    }
}
