import Foundation
import TestSupport
import Glibc
import Synchronization
import Testing
@testable import SettingsStore

/// A program that has settings.json open for writing (an editor saving in place, `cat >`)
/// while the app replaces it. Whatever it writes must end up in the file named
/// settings.json, never in the file the app displaced.
@Suite("Programs writing settings.json in place while the app replaces it")
struct OpenWriterTests {
    let name = "config/verbumcare/settings.json"
    static let original = #"{"custom_servers": ["https://ward1.example.org/api"]}"#
    static let handEdit = #"{"custom_servers": ["https://ward1.example.org/api", "https://hand-edited.example.org/api"], "note": "saved by a person"}"#
    static let added = "https://added-by-app.example.org/api"

    /// Set once, read from any thread.
    final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    /// settings.json as a person saved it a while ago, and a descriptor open for writing it.
    func openForWriting(_ dir: PersistenceTempDir) throws -> (path: String, fd: Int32) {
        try dir.write(Self.original, to: name)
        let fd = open(dir.sub(name), O_WRONLY)
        try #require(fd >= 0)
        return (dir.sub(name), fd)
    }

    /// settings.json as read before a replacement, and the app's finished temporary file.
    func readyToReplace(_ dir: PersistenceTempDir) throws -> (path: String, old: RegularFile.Contents, temporary: String) {
        try dir.write(Self.original, to: name)
        let old = try #require(try RegularFile.read(dir.sub(name)))
        let temporary = dir.sub("config/verbumcare/.settings.json.tmp-test")
        try TestFile.write(Data(#"{"written_by": "app"}"#.utf8), to: temporary)
        return (dir.sub(name), old, temporary)
    }

    /// Truncates and writes through `fd`, then closes it; `done` is set afterwards.
    static func finishSave(_ fd: Int32, _ text: String, done: Flag) {
        let bytes = Array(text.utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, bytes, bytes.count, 0)
        close(fd)
        done.set()
    }

    /// The editor opened the file before the app's write and writes only once the app is
    /// committing (its temporary file exists). Without a check for open writers the app
    /// replaces the file under the editor, and the save goes to the displaced file.
    @Test func anEditorThatOpenedTheFileBeforeTheWriteKeepsItsSave() async throws {
        let dir = PersistenceTempDir()
        let (path, fd) = try openForWriting(dir)
        let done = Flag()
        let directory = dir.sub("config/verbumcare")
        let editor = Thread {
            Eventually.holdsBlocking(within: .seconds(10), every: .milliseconds(1)) {
                ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains { $0.hasPrefix(".settings.json.tmp-") }
            }
            // Not a wait on a condition but a window for the wrong thing to happen: an unguarded
            // app would replace the file within it, the guarded one does nothing to wait for.
            usleep(200_000)
            Self.finishSave(fd, Self.handEdit, done: done)
        }
        editor.start()
        let file = NativeSettingsFile(path: path, environment: .production)
        let result = Result { try file.update { $0.customServers.append(Self.added) } }
        #expect(await persistenceWait(seconds: 30) { done.isSet })
        let saved = try #require(dir.json(name))
        #expect(saved["note"] as? String == "saved by a person", "the hand edit survives")
        switch result {
        case .success:
            #expect(saved["custom_servers"] as? [String]
                    == ["https://ward1.example.org/api", "https://hand-edited.example.org/api", Self.added])
        case .failure(let error):
            // Only if the editor took longer than the app waits (a very loaded machine).
            #expect(error as? PersistenceError == .beingWritten(path: path))
        }
    }

    /// Someone opens the file for writing at the very instant the app holds its lease and is
    /// about to exchange the names: their open waits in the kernel (the lease shows as
    /// breaking in /proc/locks), the old file gets its name back, and then they write it.
    @Test func aWriterKnockingDuringTheExchangeGetsTheFileBack() async throws {
        let dir = PersistenceTempDir()
        let (path, old, temporary) = try readyToReplace(dir)
        let done = Flag()
        let sawBreak = Flag()
        let outcome = try CheckedReplace.commit(temporary, over: path, expecting: old, keepAside: false) { step in
            guard step == .beforeExchange else { return }
            let writer = Thread {
                let fd = open(path, O_WRONLY | O_TRUNC)
                Self.finishSave(fd, Self.handEdit, done: done)
            }
            writer.start()
            // The writer is inside open(2), waiting for the lease: the kernel shows it breaking.
            Eventually.holdsBlocking(within: .seconds(10), every: .milliseconds(1)) {
                if Self.leaseBreaking(inode: old.identity.inode) { sawBreak.set() }
                return sawBreak.isSet
            }
        }
        #expect(sawBreak.isSet, "the writer arrived while the lease was held")
        #expect(outcome.replaced == false, "the app reads again rather than replace a file being written")
        #expect(await persistenceWait(seconds: 30) { done.isSet })
        #expect(dir.json(name)?["note"] as? String == "saved by a person", "the save went to settings.json")
    }

    /// A program that keeps the file open for writing longer than the app waits: nothing is
    /// written, the error says why, and what the program then writes is the file.
    @Test func aFileKeptOpenForWritingIsNotReplaced() async throws {
        let dir = PersistenceTempDir()
        let (path, fd) = try openForWriting(dir)
        let file = NativeSettingsFile(path: path, environment: .production)
        #expect(throws: PersistenceError.beingWritten(path: path)) {
            try file.update { $0.customServers.append(Self.added) }
        }
        #expect(dir.text(name) == Self.original, "untouched")
        let done = Flag()
        Self.finishSave(fd, Self.handEdit, done: done)
        #expect(dir.json(name)?["note"] as? String == "saved by a person")
        #expect(PersistenceError.beingWritten(path: path).problem(file: "settings.json").key == "files.being_written")
    }

    /// Without leases (a file system that has none) the displaced file is still compared, and
    /// a save that reached it gets its name back.
    @Test func withoutLeasesTheDisplacedFileIsStillCompared() throws {
        let dir = PersistenceTempDir()
        let (path, old, temporary) = try readyToReplace(dir)
        let fd = open(path, O_WRONLY)
        try #require(fd >= 0)
        let done = Flag()
        let outcome = try CheckedReplace.commit(temporary, over: path, expecting: old, keepAside: false,
                                                leases: false) { step in
            guard step == .beforeExchange else { return }
            Self.finishSave(fd, Self.handEdit, done: done)
        }
        #expect(outcome.replaced == false)
        #expect(dir.json(name)?["note"] as? String == "saved by a person")
    }

    /// Whether /proc/locks lists a lease on `inode` that is being broken.
    static func leaseBreaking(inode: UInt64) -> Bool {
        guard let text = ProcFile.text("/proc/locks") else { return false }
        return text.split(separator: "\n").contains { line in
            line.contains("LEASE") && line.contains("BREAK") && line.contains(":\(inode) ")
        }
    }
}
