import Foundation
import Testing
import TestSupport

/// SPEC §13 (the app's own pages): the main thread runs the main queue for the whole life of the
/// app (`MainQueueLoop`), waiting in poll(2) on the queue's wake-up descriptor. `dispatchMain()`
/// ended it with `pthread_exit` (libdispatch then parks it in rt_sigsuspend), and unwinding the
/// main thread's stack read about 0.4 MB of the binary's unwind tables that nothing else reads.
@Suite(.serialized)
struct MainThreadTests {
    static let poll = "7"            // x86-64 syscall numbers
    static let rtSigsuspend = "130"

    @Test("while the app runs and probes, its main thread waits in poll, not parked by pthread_exit",
          .enabled(if: geteuid() == 0, "another process's /proc/PID/task/TID/syscall needs ptrace rights"))
    func mainThreadRunsTheQueue() async throws {
        let app = try await AppFixture.start()
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        let pid = try await app.session.appPID()
        // "running" while the thread is on a CPU; a blocked thread shows its system call's number.
        var call = "running"
        try await Eventually.holds(within: .seconds(10), every: .milliseconds(10)) {
            let data = try #require(ProcFile.data("/proc/\(pid)/task/\(pid)/syscall"))
            call = String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? "running"
            return call != "running"
        }
        #expect(call != Self.rtSigsuspend, "the main thread was ended by pthread_exit (parked in rt_sigsuspend)")
        #expect(call == Self.poll, "the main thread waits in system call \(call), not poll")
    }
}
