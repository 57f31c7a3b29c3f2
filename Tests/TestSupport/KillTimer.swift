import Foundation
import Glibc

/// Sends SIGKILL to a process at a deadline unless cancelled first, timed on a thread of its
/// own: a task's sleep on the cooperative pool ended seconds late when the suite kept both of the
/// pool's threads busy, so a "kill after 40 ms" came after the process had ended and a test of
/// killed writers saw none killed.
final class KillTimer: @unchecked Sendable {
    // Every field below is read and written with `condition` locked.
    private let condition = NSCondition()
    private var cancelled = false
    private var killed = false
    private var finished = false

    init(pid: pid_t, after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
        Thread { [self] in
            condition.lock()
            // wait(until:) is false once the deadline has passed; true on a signal (or spuriously).
            while !cancelled && condition.wait(until: deadline) {}
            if !cancelled { killed = kill(pid, SIGKILL) == 0 }
            finished = true
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// Stops the timer (at once: its thread is woken) and says whether it had killed the process.
    func cancel() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        condition.broadcast()
        while !finished { condition.wait() }
        return killed
    }
}
