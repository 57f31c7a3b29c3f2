import Foundation
import Glibc
import Synchronization
import Testing
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
