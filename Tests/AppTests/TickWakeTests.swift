import Foundation
import Testing
import TestSupport

/// SPEC §10.4 and §13 (idle means asleep, issue 26 item 3): the "checked N s ago" tick of an idle
/// app wakes its main thread alone. The ticker's timerfd is polled by the main thread's own loop
/// (`MainQueueLoop`, beside the main queue's wake-up descriptor); watched by a dispatch source it
/// was in libdispatch's epoll set, and each tick woke the manager thread twice besides the main one.
@Suite(.serialized)
struct TickWakeTests {
    static let poll = "7" // x86-64 system call number

    /// The main thread's poll(2) as /proc shows it while the thread waits there: the descriptors
    /// it waits on, read from its memory (`nil` while it is not in poll or the read raced a wake).
    static func polledDescriptors(pid: pid_t) -> [Int32]? {
        func call() -> [Substring]? {
            guard let data = ProcFile.data("/proc/\(pid)/task/\(pid)/syscall") else { return nil }
            let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
            return fields.first == Substring(poll) && fields.count > 3 ? fields : nil
        }
        guard let before = call(), let address = UInt64(before[1].dropFirst(2), radix: 16),
              let count = Int(before[2].dropFirst(2), radix: 16), (1...16).contains(count) else { return nil }
        let memory = open("/proc/\(pid)/mem", O_RDONLY)
        guard memory >= 0 else { return nil }
        defer { close(memory) }
        // struct pollfd: int fd, short events, short revents.
        var bytes = [UInt8](repeating: 0, count: count * 8)
        guard pread(memory, &bytes, bytes.count, off_t(Int64(bitPattern: address))) == bytes.count else { return nil }
        // The same call still waiting: the array read is the one it waits on.
        guard call() == before else { return nil }
        return (0..<count).map { index in
            bytes[(index * 8)..<(index * 8 + 4)].reversed().reduce(Int32(0)) { $0 << 8 | Int32($1) }
        }
    }

    static func link(pid: pid_t, fd: Int32) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? ""
    }

    /// The descriptors every epoll instance of the process watches (fdinfo's `tfd:` lines).
    static func epollWatched(pid: pid_t) -> Set<Int32> {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        var watched: Set<Int32> = []
        for name in fds where link(pid: pid, fd: Int32(name) ?? -1) == "anon_inode:[eventpoll]" {
            let info = ProcFile.text("/proc/\(pid)/fdinfo/\(name)") ?? ""
            for line in info.split(separator: "\n") where line.hasPrefix("tfd:") {
                if let fd = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int32($0) }) {
                    watched.insert(fd)
                }
            }
        }
        return watched
    }

    @Test("the screen's tick is a timerfd the main thread polls itself, in no epoll set of libdispatch",
          .enabled(if: geteuid() == 0, "another process's /proc/PID/mem and syscall need ptrace rights"))
    func tickWakesTheMainThreadAlone() async throws {
        let app = try await AppFixture.start()
        defer { app.close() }
        // Connected: "checked N s ago" is on screen, so the ticker is armed.
        _ = try await app.waitForConnectedMainScreen("en")
        let pid = try await app.session.appPID()
        // The main thread is seen waiting in poll (a condition: it runs only for a frame a second).
        var polled: [Int32]?
        await Eventually.holds(within: .seconds(20), every: .milliseconds(5)) {
            polled = Self.polledDescriptors(pid: pid)
            return polled != nil
        }
        let descriptors = try #require(polled, "the main thread was never seen waiting in poll")
        let timers = descriptors.filter { Self.link(pid: pid, fd: $0) == "anon_inode:[timerfd]" }
        #expect(timers.count == 1, "the main thread polls \(descriptors.map { "\($0) \(Self.link(pid: pid, fd: $0))" })")
        let inEpoll = Self.epollWatched(pid: pid)
        #expect(!inEpoll.isEmpty, "libdispatch's epoll set was found (it watches the main queue's sources)")
        for timer in timers {
            #expect(!inEpoll.contains(timer), "the tick's timerfd \(timer) is also watched by libdispatch's epoll")
        }
    }
}
