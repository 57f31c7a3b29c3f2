import CPlatform
import Foundation
import TestSupport
import Glibc
import Synchronization
import Testing
@testable import SettingsStore

/// A person saving settings.json at every instant of the app's replacement (`CheckedReplace`
/// steps), in both editor styles, with and without a save renamed over the file just before
/// the app exchanges the names (which makes the app give the names back). Whatever the
/// interleaving, every save the editor made is in the file named settings.json at the end,
/// and no save went into a file without that name.
///
/// The load test found the one this guards: a rename save lands between the app's lease and
/// its exchange; the new file has the name for a moment, an in-place save reads and writes it;
/// the app sees the displaced file is not what it read, gives the names back and deletes its
/// new file, with the person's save in it.
@Suite("Hand saves at every step of the app's replacement")
struct ReplacementInterleavingTests {
    static let name = "config/verbumcare/settings.json"
    static let original = #"{"custom_servers": ["https://ward1.example.org/api"]}"#
    static let written = #"{"custom_servers": ["https://ward1.example.org/api"], "written_by_app": true}"#

    /// How the person saves: `inPlace` and `rename` read the file first and start over when it
    /// changed (like the load test's editor); `blind` opens it for writing and writes what it
    /// has (nano, `cat >`); `blindRename` renames a new file over it without looking.
    enum Style: String, CaseIterable, Sendable { case inPlace, rename, blind, blindRename }

    struct Case: CustomTestStringConvertible, Sendable {
        var step: CheckedReplace.Step
        var style: Style
        /// A save renamed over the file right before the exchange (the app then gives back).
        var racingRename: Bool
        var testDescription: String { "\(style) save at \(step)\(racingRename ? " after a racing rename" : "")" }
    }

    static func cases(_ styles: [Style]) -> [Case] {
        CheckedReplace.Step.allCases.flatMap { step in
            styles.flatMap { style in [false, true].map { Case(step: step, style: style, racingRename: $0) } }
        }
    }

    /// What the editor did, written by its thread and read after `finished`.
    final class Report: Sendable {
        private let state = Mutex<(finished: Bool, saved: Bool, orphaned: Bool)>((false, false, false))
        func finish(saved: Bool, orphaned: Bool) { state.withLock { $0 = (true, saved, orphaned) } }
        var finished: Bool { state.withLock { $0.finished } }
        var saved: Bool { state.withLock { $0.saved } }
        var orphaned: Bool { state.withLock { $0.orphaned } }
    }

    /// Runs one commit with the editor's save at `test.step`; returns the outcome.
    static func run(_ test: Case, in dir: PersistenceTempDir, leases: Bool = true) throws -> (outcome: Result<Bool, any Error>, editor: Report?) {
        let path = dir.sub(name)
        try dir.write(original, to: name)
        let temporary = dir.sub("config/verbumcare/.settings.json.tmp-test")
        try TestFile.write(Data(written.utf8), to: temporary)
        guard let old = try RegularFile.read(path), let new = FileIdentity.current(temporary) else { throw POSIXError(.ENOENT) }
        let files = [old.identity, new]
        var acted: Set<CheckedReplace.Step> = []
        var report: Report?
        let outcome = Result {
            try CheckedReplace.commit(temporary, over: path, expecting: old, keepAside: false, leases: leases) { step in
                // Each action once: a commit that gives the names back tries again.
                guard acted.insert(step).inserted else { return }
                if step == .beforeExchange, test.racingRename {
                    _ = ScriptedEditor.save(marker: "renamed_before_exchange", style: .rename, path: path)
                }
                guard step == test.step else { return }
                let editor = Report()
                report = editor
                Thread { editor.finish(ScriptedEditor.save(marker: "saved_at_step", style: test.style, path: path)) }.start()
                // The save either completes or waits in the kernel for the app's lease.
                Eventually.holdsBlocking(within: .seconds(10), every: .milliseconds(1)) {
                    editor.finished || files.contains { LockTable.leaseBreaking($0) }
                }
            }.replaced
        }
        return (outcome, report)
    }

    @Test(arguments: cases([.inPlace, .rename]))
    func everySaveEndsUpInTheNamedFile(_ test: Case) async throws {
        let dir = PersistenceTempDir()
        let (outcome, editor) = try await OwnThread.run(throwing: { try Self.run(test, in: dir) })
        if let editor {
            #expect(await persistenceWait(seconds: 30) { editor.finished }, "the editor's save finished")
            #expect(!editor.orphaned, "the save went into the file named settings.json")
        }
        let final = try #require(dir.json(Self.name), "settings.json is a JSON object at the end")
        if test.racingRename { #expect(final["renamed_before_exchange"] as? Bool == true, "the racing rename save is kept") }
        if let editor, editor.saved { #expect(final["saved_at_step"] as? Bool == true, "the save at \(test.step) is kept") }
        if case .success(true) = outcome { #expect(final["written_by_app"] as? Bool == true, "the app's write is in place") }
        if case .failure(let error) = outcome { Issue.record("commit failed: \(error)") }
    }

    /// A program that writes without reading first found the new file by the name. Its save is
    /// the latest: it is what settings.json holds at the end, or, where the app had to give the
    /// names back (a racing rename), it is kept under the aside name the error gives.
    @Test(arguments: cases([.blind]))
    func aBlindWriteIsNeverDeleted(_ test: Case) async throws {
        let dir = PersistenceTempDir()
        let (outcome, editor) = try await OwnThread.run(throwing: { try Self.run(test, in: dir) })
        guard let editor else {
            if case .failure(let error) = outcome { Issue.record("commit failed: \(error)") }
            return
        }
        #expect(await persistenceWait(seconds: 30) { editor.finished }, "the write finished")
        #expect(editor.saved)
        let final = try #require(dir.json(Self.name), "settings.json is a JSON object at the end")
        switch outcome {
        case .failure(let error):
            let kept = try #require(Self.keptAt(error), "the error says where the write was kept: \(error)")
            #expect(dir.json(String(kept.dropFirst(dir.path.count + 1)))?["blind"] as? Bool == true, "kept at \(kept)")
            #expect(test.racingRename && final["renamed_before_exchange"] as? Bool == true, "the racing save has the name")
        case .success:
            #expect(!editor.orphaned, "the write went into the file named settings.json")
            #expect(final["blind"] as? Bool == true, "the write is in settings.json")
        }
    }

    /// Without leases nothing keeps a person out of the new file while it has the name: when
    /// the names are given back, a save made into it is kept under an aside name, not deleted.
    @Test func withoutLeasesASaveIntoTheNewFileIsKeptAside() async throws {
        let dir = PersistenceTempDir()
        let test = Case(step: .afterExchange, style: .inPlace, racingRename: true)
        let (outcome, editor) = try await OwnThread.run(throwing: { try Self.run(test, in: dir, leases: false) })
        let report = try #require(editor)
        #expect(await persistenceWait(seconds: 30) { report.finished })
        #expect(report.saved)
        guard case .failure(let error) = outcome else {
            Issue.record("the new file was let go with the save in it")
            return
        }
        let kept = try #require(Self.keptAt(error), "the error says where the save was kept: \(error)")
        #expect(dir.json(String(kept.dropFirst(dir.path.count + 1)))?["saved_at_step"] as? Bool == true)
        #expect(dir.json(Self.name)?["renamed_before_exchange"] as? Bool == true, "the racing save has the name")
    }

    /// Two saves renamed over the path while the app exchanges: one before (the app gives the
    /// names back) and one while its new file has the name. The later one keeps the name; the
    /// earlier one is kept under the aside name the error gives.
    @Test func theLaterOfTwoRacingRenamesKeepsTheName() async throws {
        let dir = PersistenceTempDir()
        let test = Case(step: .afterExchange, style: .blindRename, racingRename: true)
        let (outcome, _) = try await OwnThread.run(throwing: { try Self.run(test, in: dir) })
        guard case .failure(let error) = outcome else {
            Issue.record("the app's give-back reported nothing")
            return
        }
        #expect(dir.json(Self.name)?["saved_at_step"] as? Bool == true, "the later save has the name")
        let kept = try #require(Self.keptAt(error), "the error says where the earlier save was kept: \(error)")
        #expect(dir.json(String(kept.dropFirst(dir.path.count + 1)))?["renamed_before_exchange"] as? Bool == true)
    }

    /// The app's own reads open without blocking (a FIFO must not hang them), and the kernel
    /// refuses such an open while a lease is held: the read is asked again until the new
    /// file's lease is let go, instead of failing ("Resource temporarily unavailable").
    @Test func aReadWhileTheNewFileIsLeasedWaitsForIt() async throws {
        let dir = PersistenceTempDir()
        try dir.write(Self.written, to: Self.name)
        let path = dir.sub(Self.name)
        let lease = try #require(NewFileLease.take(path))
        let read = Report()
        let bytes = Mutex<[UInt8]?>(nil)
        Thread {
            let contents = try? RegularFile.read(path)
            bytes.withLock { $0 = contents?.bytes }
            read.finish(saved: contents != nil, orphaned: false)
        }.start()
        // Watched, and let go, on a thread of its own: the read waits for a lease a bounded time
        // (`LeaseWait`, 2 s), and a watcher on the cooperative pool, which the suite's start
        // starves for longer, let that run out before it looked (a CI run saw it).
        let seen = await OwnThread.run { () -> (knocked: Bool, finishedWhileHeld: Bool, knock: NewFileLease.Knock) in
            let deadline = ContinuousClock.now + .seconds(10)
            while !(read.finished || LockTable.leaseBreaking(lease.identity)), ContinuousClock.now < deadline {
                usleep(1_000)
            }
            let outcome = (knocked: LockTable.leaseBreaking(lease.identity), finishedWhileHeld: read.finished,
                           knock: lease.knock)
            lease.release()
            return outcome
        }
        #expect(seen.knocked && !seen.finishedWhileHeld, "the read waits while the lease is held")
        #expect(seen.knock == .reader)
        #expect(await persistenceWait(seconds: 10) { read.finished })
        #expect(bytes.withLock { $0 } == Array(Self.written.utf8), "and then reads the file")
    }

    /// The aside name in a "kept at" error.
    static func keptAt(_ error: any Error) -> String? {
        guard case .io(let operation, _, _) = error as? PersistenceError,
              let start = operation.range(of: "kept at ") else { return nil }
        return String(operation[start.upperBound...].prefix { $0 != ")" })
    }

    /// The load test's loss, step by step: rename save, exchange, in-place save, give back.
    @Test func anInPlaceSaveWhileTheNewFileHasTheNameIsNotDeletedWithIt() async throws {
        let dir = PersistenceTempDir()
        let test = Case(step: .afterExchange, style: .inPlace, racingRename: true)
        let (outcome, editor) = try await OwnThread.run(throwing: { try Self.run(test, in: dir) })
        let report = try #require(editor)
        #expect(await persistenceWait(seconds: 30) { report.finished })
        #expect(report.saved)
        #expect(try outcome.get() == false, "the racing save is not written over")
        let final = try #require(dir.json(Self.name))
        #expect(final["renamed_before_exchange"] as? Bool == true)
        #expect(final["saved_at_step"] as? Bool == true, "the in-place save is in settings.json")
        #expect(final["written_by_app"] == nil, "the app reads again")
    }
}

/// The editors of these tests: the careful one the load test uses too (`CarefulEditor`, which
/// reports an in-place save whose file no longer had the name), and blind ones.
enum ScriptedEditor {
    /// (saved, orphaned: the in-place save's file no longer had the name right after it).
    static func save(marker: String, style: ReplacementInterleavingTests.Style, path: String) -> (saved: Bool, orphaned: Bool) {
        switch style {
        case .blind: blindSave(marker: marker, path: path)
        case .blindRename: blindRename(marker: marker, path: path)
        case .inPlace, .rename: carefulSave(marker: marker, inPlace: style == .inPlace, path: path)
        }
    }

    static func carefulSave(marker: String, inPlace: Bool, path: String) -> (saved: Bool, orphaned: Bool) {
        let outcome = CarefulEditor.save(marker: marker, inPlace: inPlace, path: path)
        return (outcome.saved, outcome.orphan != nil)
    }
}

extension ScriptedEditor {
    /// nano, `cat >`: open for writing (truncating), write what it has, close.
    static func blindSave(marker: String, path: String) -> (saved: Bool, orphaned: Bool) {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { return (false, false) }
        defer { close(fd) }
        let bytes = Array("{\"\(marker)\": true, \"blind\": true}\n".utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { return (false, false) }
        return (true, !stillNamed(fd, path))
    }

    /// A new file renamed over the path, whatever it holds.
    static func blindRename(marker: String, path: String) -> (saved: Bool, orphaned: Bool) {
        let temporary = path + ".swp"
        let saved = FileManager.default.createFile(atPath: temporary, contents: Data("{\"\(marker)\": true}\n".utf8))
            && rename(temporary, path) == 0
        return (saved, false)
    }

    /// Whether the file open as `fd` is the one `path` names.
    static func stillNamed(_ fd: Int32, _ path: String) -> Bool {
        var mine = stat()
        var named = stat()
        return fstat(fd, &mine) == 0 && stat(path, &named) == 0 && named.st_ino == mine.st_ino
    }
}

/// The kernel's table of locks and leases.
enum LockTable {
    /// Whether /proc/locks lists a lease on the file `identity` names that is being broken
    /// (someone waits in open(2) for its holder). Read whole (`ProcFile`).
    static func leaseBreaking(_ identity: FileIdentity) -> Bool {
        guard let text = ProcFile.text("/proc/locks") else { return false }
        // The kernel prints the device as major:minor in hex, then the inode.
        let device = identity.device
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let file = " " + hex2(major) + ":" + hex2(minor) + ":\(identity.inode) "
        return text.split(separator: "\n").contains { line in
            line.contains("LEASE") && line.contains("BREAK") && line.contains(file)
        }
    }

    private static func hex2(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return text.count < 2 ? "0" + text : text
    }
}

extension ReplacementInterleavingTests.Report {
    func finish(_ result: (saved: Bool, orphaned: Bool)) { finish(saved: result.saved, orphaned: result.orphaned) }
}
