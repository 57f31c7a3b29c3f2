import Foundation
import TestSupport
import Glibc
import Testing
@testable import SettingsStore

/// A person saves settings.json while the app is inside its own read-modify-write. The
/// `update` body runs between the app's read and its rename, so a save made from inside the
/// body lands exactly in the app's write window, every time: no timing involved.
@Suite("Hand edits during the app's write")
struct HandEditRaceTests {
    let name = "config/verbumcare/settings.json"
    static let handEdited = "https://hand-edited.example.org/api"
    static let added = "https://added-by-app.example.org/api"

    func file(_ dir: PersistenceTempDir) -> NativeSettingsFile {
        NativeSettingsFile(path: dir.sub(name), environment: .production)
    }

    /// vim: a new file renamed over the old one.
    static func renameSave(_ text: String, to path: String) throws {
        let temporary = path + ".vim-swp"
        try TestFile.write(Data(text.utf8), to: temporary)
        guard rename(temporary, path) == 0 else { throw POSIXError(.EIO) }
    }

    /// nano, `cat >`: truncate, then write through the same descriptor.
    static func inPlaceSave(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_TRUNC)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
    }

    static func handEdit(keeping servers: [String]) -> String {
        let list = (servers + [handEdited]).map { "\"\($0)\"" }.joined(separator: ", ")
        return "{\"custom_servers\": [\(list)], \"note\": \"saved by a person\"}\n"
    }

    @Test(arguments: [false, true])
    func aSaveInsideTheWriteWindowSurvivesAndTheChangeIsReapplied(inPlace: Bool) throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"custom_servers": ["https://ward1.example.org/api"]}"#, to: name)
        var runs = 0
        let result = try file(dir).updateReporting { settings in
            runs += 1
            if runs == 1 {
                let text = Self.handEdit(keeping: ["https://ward1.example.org/api"])
                if inPlace { try Self.inPlaceSave(text, to: dir.sub(name)) } else { try Self.renameSave(text, to: dir.sub(name)) }
            }
            settings.customServers.append(Self.added)
        }
        #expect(runs == 2, "the change is applied again to the file as the person saved it")
        #expect(result.settings.customServers == ["https://ward1.example.org/api", Self.handEdited, Self.added])
        let saved = try #require(dir.json(name))
        #expect(saved["note"] as? String == "saved by a person")
        #expect(saved["custom_servers"] as? [String] == ["https://ward1.example.org/api", Self.handEdited, Self.added])
    }

    /// An in-place save of exactly the same length within one tick of the file clock leaves
    /// size and modification time alike; the bytes still differ.
    @Test func anInPlaceSaveOfTheSameSizeIsNoticedByItsBytes() throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"note": "aaaa"}"#, to: name)
        var runs = 0
        _ = try file(dir).updateReporting { settings in
            runs += 1
            if runs == 1 {
                var before = stat()
                stat(dir.sub(name), &before)
                try Self.inPlaceSave(#"{"note": "bbbb"}"#, to: dir.sub(name))
                // Same inode, same size, and the modification time put back: only the bytes differ.
                var times = [before.st_atim, before.st_mtim]
                #expect(utimensat(AT_FDCWD, dir.sub(name), &times, 0) == 0)
            }
            settings.connectionTimeout = 20
        }
        #expect(runs == 2)
        #expect(dir.json(name)?["note"] as? String == "bbbb")
        #expect(dir.json(name)?["connection_timeout"] as? Int == 20)
    }

    @Test func aFileThatNeverStopsChangingIsNotWrittenOver() throws {
        let dir = PersistenceTempDir()
        try dir.write("{}", to: name)
        var runs = 0
        #expect(throws: PersistenceError.keptChanging(path: dir.sub(name))) {
            try file(dir).update { settings in
                runs += 1
                try Self.renameSave("{\"note\": \"edit \(runs)\"}", to: dir.sub(name))
                settings.connectionTimeout = 30
            }
        }
        #expect(runs == JSONObjectFile.maximumWriteAttempts, "bounded")
        #expect(dir.json(name)?["note"] as? String == "edit \(runs)", "the person's last save stays")
    }

    @Test func aFreshlyEmptiedFileIsWaitedForAndThenRefused() throws {
        let dir = PersistenceTempDir()
        try dir.writeFresh([], to: name)
        #expect(throws: PersistenceError.unreadable(path: dir.sub(name))) {
            try file(dir).update { $0.customServers.append(Self.added) }
        }
        #expect(dir.bytes(name) == [], "left for the editor that emptied it")
    }

    @Test func anEditorFinishingItsInPlaceSaveWhileTheAppWaitsIsRead() async throws {
        let dir = PersistenceTempDir()
        try dir.writeFresh([], to: name)
        let path = dir.sub(name)
        // The editor has truncated and writes its content while the app waits.
        let fd = open(path, O_WRONLY)
        #expect(fd >= 0)
        let writer = Thread {
            usleep(60_000)  // the person's pace, the story itself: the app must wait for this write
            let bytes = Array(Self.handEdit(keeping: []).utf8)
            _ = write(fd, bytes, bytes.count)
            close(fd)
        }
        writer.start()
        let outcome = Result { try file(dir).update { $0.customServers.append(Self.added) } }
        _ = await persistenceWait { fcntl(fd, F_GETFD) == -1 }
        let saved = try #require(dir.json(name))
        #expect((saved["custom_servers"] as? [String])?.contains(Self.handEdited) == true, "the hand edit survives")
        if case .success = outcome {
            #expect((saved["custom_servers"] as? [String])?.contains(Self.added) == true)
        }
    }
}
