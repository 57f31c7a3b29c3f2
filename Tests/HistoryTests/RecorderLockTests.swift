import Foundation
import Glibc
import History
import Timekeeping
import TestSupport
import Testing

/// One recording process per home.
@Suite("History: the recorder lock")
struct RecorderLockTests {
    @Test func anotherProcessCannotTakeItAndLearnsWhoHasIt() throws {
        let fixture = try HistoryFixture()
        let path = HistoryDatabase.lockPath(forDatabase: fixture.path)
        let lock = try RecorderLock.acquire(path: path, role: .app).get()
        #expect(String(decoding: fixture.bytes(path) ?? [], as: UTF8.self) == "\(getpid()) app\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // util-linux flock(1), another process, cannot get it without waiting.
        #expect(ShellCommand.run("flock -x -n '\(path)' true") == 1)
        #expect(RecorderLock.holder(path: path) == RecorderHolder(pid: getpid(), role: .app))
        // Asking who holds it does not take it away.
        #expect(ShellCommand.run("flock -x -n '\(path)' true") == 1)

        // Nor can a second acquire in this process (another open file, another lock).
        guard case .failure(.held(by: let holder)) = RecorderLock.acquire(path: path, role: .monitor) else {
            Issue.record("a second acquire should fail")
            return
        }
        #expect(holder == RecorderHolder(pid: getpid(), role: .app))

        lock.release()
        #expect(RecorderLock.holder(path: path) == nil)
        #expect(ShellCommand.run("flock -x -n '\(path)' true") == 0)
    }

    @Test func whileAMonitorHoldsItAcquireFailsAndAfterItExitsAcquireSucceeds() throws {
        let fixture = try HistoryFixture()
        let path = HistoryDatabase.lockPath(forDatabase: fixture.path)
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        // A monitor stand-in: holds the flock and writes its pid and role the way a holder does.
        let monitor = try LockingProcess(
            "exec flock -x recorder.lock sh -c \"echo \\$\\$ > shell.pid; printf \\\"%s monitor\\\\n\\\" \\$\\$ > recorder.lock; touch READY; exec sleep 60\"",
            folder: fixture.folder)
        defer { monitor.stop() }
        let shellPid = try #require(Int32(String(decoding: fixture.bytes(fixture.folder + "/shell.pid") ?? [], as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))

        let expected = RecorderHolder(pid: shellPid, role: .monitor)
        guard case .failure(.held(by: let holder)) = RecorderLock.acquire(path: path, role: .app) else {
            Issue.record("the lock should be held")
            return
        }
        #expect(holder == expected)
        #expect(RecorderLock.holder(path: path) == expected)

        monitor.stop()
        var acquired: RecorderLock?
        // The monitor's lock goes with its process.
        Eventually.holdsBlocking(within: .seconds(10), every: .milliseconds(50)) {
            if case .success(let lock) = RecorderLock.acquire(path: path, role: .app) { acquired = lock }
            return acquired != nil
        }
        #expect(acquired != nil)
        #expect(RecorderLock.holder(path: path) == RecorderHolder(pid: getpid(), role: .app))
    }

    /// A lock path that is a symbolic link (or a second name of another file) cannot name the
    /// recorder: the file it leads to is left exactly as it was, the problem is said, and the
    /// state folder's lock still makes exactly one process the recorder (SPEC §15.2: never a
    /// silent stop of recording and alerting).
    @Test(arguments: ["symbolic", "hard"])
    func aLinkedLockFileIsReportedAndRecordingGoesOn(kind: String) async throws {
        let fixture = try HistoryFixture()
        let path = HistoryDatabase.lockPath(forDatabase: fixture.path)
        let decoy = fixture.folder + "/decoy.txt"
        try fixture.write(Array("somebody else's file\n".utf8), to: decoy)
        if kind == "symbolic" {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: decoy)
        } else {
            try FileManager.default.linkItem(atPath: decoy, toPath: path)
        }
        let before = try FileManager.default.attributesOfItem(atPath: decoy)

        let lock = try RecorderLock.acquire(path: path, role: .monitor).get()
        #expect(lock.problem?.contains("recorder.lock") == true, "\(String(describing: lock.problem))")
        #expect(RecorderLock.isHeld(path: path))
        guard case .failure(.held) = RecorderLock.acquire(path: path, role: .app) else {
            Issue.record("a second recorder must be refused")
            return
        }
        // Another process cannot take the folder's lock either.
        #expect(ShellCommand.run("flock -x -n '\(fixture.folder)' true") == 1)
        #expect(fixture.bytes(decoy) == Array("somebody else's file\n".utf8))
        let after = try FileManager.default.attributesOfItem(atPath: decoy)
        #expect(after[.posixPermissions] as? Int == before[.posixPermissions] as? Int)
        #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
        #expect(ShellCommand.run("flock -x -n '\(decoy)' true") == 0, "and not locked")
        lock.release()
        // A child another test spawns at that moment shares the descriptor until its exec closes
        // it (O_CLOEXEC): the flock goes with the last copy, so wait for that, briefly.
        #expect(await LoopbackHTTP.eventually(seconds: 5) { !RecorderLock.isHeld(path: path) })
    }

    /// A FIFO, a folder, or a lock file another program holds with flock(1) without naming
    /// itself: reported, never waited on, and this process records.
    @Test(arguments: ["fifo", "folder", "foreign"])
    func anUnusableLockFileIsReportedAndNeverWaitedOn(kind: String) throws {
        let fixture = try HistoryFixture()
        let path = HistoryDatabase.lockPath(forDatabase: fixture.path)
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        var holder: LockingProcess?
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        default: holder = try LockingProcess("exec flock -x recorder.lock sh -c \"touch READY; exec sleep 60\"",
                                             folder: fixture.folder)
        }
        defer { holder?.stop() }
        let started = AppClock.monotonicSeconds()
        let lock = try RecorderLock.acquire(path: path, role: .monitor).get()
        #expect(AppClock.monotonicSeconds() - started < 2, "never waited on")
        #expect(lock.problem != nil)
        lock.release()
    }
}
