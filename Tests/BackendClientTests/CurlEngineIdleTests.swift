import Foundation
import Testing
import TestSupport
@testable import BackendClient

/// What the engine thread does when nothing is asked of it (issue 26: idle means asleep).
@Suite struct CurlEngineIdleTests {
    /// Once its request is answered, the engine thread waits for the next one with no deadline,
    /// so an idle app's engine never wakes by itself (it woke every 60 s). Read from the
    /// thread's system call in /proc: poll(fds, nfds, timeout) is call 7 on x86-64, and its
    /// third argument is the timeout in milliseconds (24 days here: libcurl takes no -1).
    @Test func anIdleEngineWaitsWithNoDeadline() async throws {
        #if arch(x86_64)
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let port = LoopbackSocket.refusedPort()
        let request = TransportRequest(method: .get, url: "https://refused.example:\(port)/health",
                                       settings: CurlEngineLoopbackTests.settings())
        guard case .failure = await engine.perform(request) else {
            Issue.record("a refused port answered")
            return
        }
        let task = try #require(engine.threadTaskID)
        var call: [Substring] = []
        let waiting = await LoopbackHTTP.eventually(seconds: 10) {
            let text = ProcFile.text("/proc/self/task/\(task)/syscall") ?? ""
            call = text.split(separator: " ")
            return call.first == "7" && call.count > 3
        }
        #expect(waiting, "the engine thread is in poll(2): \(call)")
        let timeout = call.count > 3 ? Int(call[3].dropFirst(2), radix: 16) : nil
        #expect(timeout.map { $0 >= 24 * 3_600_000 } == true, "no deadline within a day: \(call)")
        #endif
    }
}
