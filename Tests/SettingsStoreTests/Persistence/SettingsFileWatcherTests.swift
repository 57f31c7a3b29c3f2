import Foundation
import Glibc
import Synchronization
import Testing
import TestSupport
@testable import SettingsStore

@Suite("Settings file watcher")
struct SettingsFileWatcherTests {
    final class Counter: Sendable {
        let value = Mutex(0)
        func bump() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    @Test func noticesAtomicRenameReplace() async throws {
        let dir = PersistenceTempDir()
        let path = dir.sub("config/verbumcare/settings.json")
        let counter = Counter()
        let watcher = SettingsFileWatcher(path: path) { counter.bump() }
        try watcher.start()
        defer { watcher.stop() }
        #expect(dir.mode("config/verbumcare") == 0o700, "start creates the missing directory")
        try AtomicFile.write(Array("{}".utf8), to: path)
        #expect(await persistenceWait { counter.count >= 1 })
    }

    @Test func noticesInPlaceWriteAndDeletion() async throws {
        let dir = PersistenceTempDir()
        try dir.write("{}", to: "c/settings.json")
        let counter = Counter()
        let watcher = SettingsFileWatcher(path: dir.sub("c/settings.json")) { counter.bump() }
        try watcher.start()
        defer { watcher.stop() }
        let fd = open(dir.sub("c/settings.json"), O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        _ = "{\"probe_interval\": 5}".withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
        #expect(await persistenceWait { counter.count >= 1 })
        let seen = counter.count
        unlink(dir.sub("c/settings.json"))
        #expect(await persistenceWait { counter.count > seen })
    }

    /// The app watches four files (settings.json, app-state.json, mutes.json, drills.json): one
    /// inotify instance and one thread serve them all, whatever their directories. Before, each
    /// file had an instance and a thread of its own (and the user's 128 instances are shared).
    @Test func oneInotifyInstanceAndOneThreadForEveryFile() async throws {
        let dir = PersistenceTempDir()
        let names = ["config/settings.json", "state/app-state.json", "state/mutes.json", "other/drills.json"]
        let counters = names.map { _ in Counter() }
        let watchers = zip(names, counters).map { name, counter in
            SettingsFileWatcher(path: dir.sub(name)) { counter.bump() }
        }
        for watcher in watchers { try watcher.start() }
        defer { for watcher in watchers { watcher.stop() } }
        let directories = Set(names.map { PathText.split(dir.sub($0)).0 })
        #expect(ProcessThreads.inotifyInstances(watching: directories) == 1)
        // The thread names itself as it starts.
        #expect(await persistenceWait { ProcessThreads.named(FileWatchHub.threadName) == 1 })
        for (name, counter) in zip(names, counters) {
            try AtomicFile.write(Array("{}".utf8), to: dir.sub(name))
            #expect(await persistenceWait { counter.count >= 1 }, "\(name)")
        }
    }

    /// While nothing changes, the watcher's thread sleeps in poll(2) with no timeout: no timer
    /// runs for a notified file. A hub of the test's own, which other tests' files never wake;
    /// read from its thread's system call in /proc: poll(fds, nfds, timeout) is call 7 on
    /// x86-64, its third argument the timeout (-1 as an unsigned int).
    @Test func anIdleWatcherSleepsWithNoTimeout() async throws {
        #if arch(x86_64)
        let dir = PersistenceTempDir()
        let hub = FileWatchHub(threadName: "vc-watch-test")
        let watcher = SettingsFileWatcher(path: dir.sub("s/settings.json"), hub: hub) {}
        try #require(try watcher.start() == .notified)
        defer { watcher.stop() }
        var call: [Substring] = []
        let asleep = await persistenceWait(seconds: 10) {
            guard let task = hub.threadTaskID,
                  let text = ProcFile.text("/proc/self/task/\(task)/syscall") else { return false }
            call = text.split(separator: " ")
            return call.count > 3 && call[0] == "7" && call[3] == "0xffffffff"
        }
        #expect(asleep, "the watcher thread waits in poll(2) with no timeout: \(call)")
        #endif
    }

    /// Files of one directory share its watch, yet each hears only of its own changes.
    @Test func filesOfOneDirectoryHearOnlyTheirOwnChanges() async throws {
        let dir = PersistenceTempDir()
        let names = ["s/mutes.json", "s/drills.json", "s/app-state.json"]
        let counters = names.map { _ in Counter() }
        let watchers = zip(names, counters).map { name, counter in
            SettingsFileWatcher(path: dir.sub(name)) { counter.bump() }
        }
        for watcher in watchers { try watcher.start() }
        defer { for watcher in watchers { watcher.stop() } }
        try AtomicFile.write(Array("{}".utf8), to: dir.sub(names[0]))
        #expect(await persistenceWait { counters[0].count >= 1 })
        // The third file's change is read after the first's calls have all been made.
        try AtomicFile.write(Array("{}".utf8), to: dir.sub(names[2]))
        #expect(await persistenceWait { counters[2].count >= 1 })
        #expect(counters[0].count == 1, "one rename, one call")
        #expect(counters[1].count == 0, "the untouched file heard nothing")
    }

    /// Stopping one file's watcher leaves its directory watched for the other file.
    @Test func stoppingOneFileKeepsItsNeighbourWatched() async throws {
        let dir = PersistenceTempDir()
        let counter = Counter()
        let leaving = SettingsFileWatcher(path: dir.sub("s/mutes.json")) {}
        let staying = SettingsFileWatcher(path: dir.sub("s/drills.json")) { counter.bump() }
        try leaving.start()
        try staying.start()
        defer { staying.stop() }
        leaving.stop()
        for round in 1...2 {
            try AtomicFile.write(Array("{\"round\": \(round)}".utf8), to: dir.sub("s/drills.json"))
            #expect(await persistenceWait { counter.count >= round }, "change \(round) heard")
        }
    }

    @Test func stopJoinsAndRestartWorks() async throws {
        let dir = PersistenceTempDir()
        let path = dir.sub("settings.json")
        let counter = Counter()
        let watcher = SettingsFileWatcher(path: path) { counter.bump() }
        try watcher.start()
        try watcher.start() // no second thread
        watcher.stop()
        watcher.stop()
        try watcher.start()
        defer { watcher.stop() }
        try AtomicFile.write(Array("{}".utf8), to: path)
        #expect(await persistenceWait { counter.count >= 1 })
    }
}

/// What this test process holds, read from /proc.
enum ProcessThreads {
    /// How many of the process's inotify instances watch any of `directories`: each instance's
    /// watches are listed in /proc/self/fdinfo ("inotify wd:1 ino:<inode, hex> sdev:…").
    static func inotifyInstances(watching directories: Set<String>) -> Int {
        let inodes = Set(directories.compactMap { path -> String? in
            guard let number = (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? UInt64
            else { return nil }
            return String(number, radix: 16)
        })
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { fd in
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd)) == "anon_inode:inotify",
                  let info = ProcFile.text("/proc/self/fdinfo/" + fd) else { return false }
            return info.split(separator: "\n").contains { line in
                line.split(separator: " ").contains { $0.hasPrefix("ino:") && inodes.contains(String($0.dropFirst(4))) }
            }
        }.count
    }

    /// How many of the process's threads are called `name`.
    static func named(_ name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter {
            ProcFile.text("/proc/self/task/\($0)/comm")?
                .trimmingCharacters(in: .newlines) == name
        }.count
    }
}
