import Foundation
import Glibc
import Testing
@testable import TestSupport

/// `BinaryRunner.runKilled` kills a writer "after 40 ms" to test writes cut short. Timed by a
/// task's sleep, the kill came after the process had ended whenever the suite kept the
/// cooperative pool busy, and one run saw none of 45 writers killed. The timer has a thread
/// of its own.
@Suite("the kill timer")
struct KillTimerTests {
    @Test("a kill 100 ms after the start lands on time while every thread of the cooperative pool is busy")
    func aKillLandsOnTimeWhileThePoolIsBusy() async throws {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
        defer { argv.forEach { free($0) } }
        try #require(posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ) == 0)
        let started = ContinuousClock.now
        let timer = KillTimer(pid: pid, after: .milliseconds(100))
        let child = pid
        // The end is seen on a thread of its own, so the busy pool does not delay the stopwatch.
        async let ended = OwnThread.run { () -> (ContinuousClock.Instant, Int32) in
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            return (ContinuousClock.now, status & 0x7f)
        }
        // Every thread of the pool spins for 1.5 s, as a busy suite's synchronous work does.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
                group.addTask {
                    let end = ContinuousClock.now + .milliseconds(1500)
                    while ContinuousClock.now < end {}
                }
            }
        }
        let (at, signal) = await ended
        #expect(timer.cancel(), "the timer says it killed the process")
        #expect(signal == SIGKILL)
        #expect(started.duration(to: at) < .milliseconds(1000), "killed after \(started.duration(to: at))")
    }
}
