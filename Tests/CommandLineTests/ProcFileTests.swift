import Foundation
import Glibc
import Testing
import TestSupport

/// Tests look for a process in /proc/locks (a command waiting for the settings lock). With more
/// locks held on the machine than fit in a page, Foundation's read stopped at 4095 bytes and the
/// waiter's line was never seen (`SignalExitTests` failed in CI with the command at the lock).
@Suite struct ProcFileTests {
    @Test func aProcFileLongerThanAPageIsReadWhole() throws {
        let home = try TemporaryHome(prefix: "proc-locks")
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        // Each /proc/locks line is about 50 bytes: 200 locks are more than two pages.
        for index in 0..<200 {
            let fd = open(home.path + "/lock-\(index)", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            try #require(fd >= 0)
            held.append(fd)
            try #require(flock(fd, LOCK_EX) == 0)
        }
        let inodes = try held.map { fd in
            var info = stat()
            try #require(fstat(fd, &info) == 0)
            return info.st_ino
        }
        let text = try #require(ProcFile.text("/proc/locks"))
        #expect(text.utf8.count > 8192)
        let missing = inodes.filter { !text.contains(":\($0) ") }
        #expect(missing.isEmpty, "\(missing.count) of the 200 locks taken are not listed")
    }
}
