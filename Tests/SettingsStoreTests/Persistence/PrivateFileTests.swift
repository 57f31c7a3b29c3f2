import Foundation
import Glibc
import Testing
@testable import SettingsStore

/// `PrivateFile` on real files (docs/FILES-AND-SECRETS.md: Secrets): shared files and folders
/// of our own are made private through the descriptor that was checked; a link is never
/// followed into a decoy, whose mode stays as it was; another user's folder is refused.
@Suite("secret files stay private")
struct PrivateFileTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test("a shared file of our own is made 0600 and still read", arguments: [mode_t(0o644), 0o640, 0o666, 0o604, 0o620])
    func sharedFileIsFixed(_ shared: mode_t) throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"a":1}"#, to: "secret.json")
        let path = dir.sub("secret.json")
        #expect(chmod(path, shared) == 0)
        let read = try #require(PrivateFile.read(path, limit: 1024))
        #expect(read.bytes == Array(#"{"a":1}"#.utf8))
        #expect(read.finding?.outcome == .fixed(from: shared, to: 0o600))
        #expect(Self.mode(path) == 0o600)
        #expect(PrivateFile.read(path, limit: 1024)?.finding == nil, "private now: nothing more to say")
    }

    @Test func aSharedFolderIsMade0700() throws {
        let dir = PersistenceTempDir()
        let folder = dir.sub("credentials")
        #expect(mkdir(folder, 0o755) == 0 && chmod(folder, 0o755) == 0)
        #expect(PrivateFile.checkFolder(folder)?.outcome == .fixed(from: 0o755, to: 0o700))
        #expect(Self.mode(folder) == 0o700)
        #expect(PrivateFile.checkFolder(folder) == nil)
        #expect(PrivateFile.checkFolder(dir.sub("missing")) == nil)
    }

    @Test("a link in place of the file is refused and its target (a decoy) keeps its mode")
    func aLinkIsNeverFollowed() throws {
        let dir = PersistenceTempDir()
        try dir.write("decoy", to: "decoy.txt")
        #expect(chmod(dir.sub("decoy.txt"), 0o644) == 0)
        #expect(symlink(dir.sub("decoy.txt"), dir.sub("secret.json")) == 0)
        let read = try #require(PrivateFile.read(dir.sub("secret.json"), limit: 1024))
        #expect(read.bytes == nil && read.finding?.outcome == .notRegular)
        #expect(Self.mode(dir.sub("decoy.txt")) == 0o644, "the decoy is not changed")
        #expect(PrivateFile.checkFile(dir.sub("secret.json"))?.outcome == .notRegular)
        #expect(Self.mode(dir.sub("decoy.txt")) == 0o644)
    }

    @Test("a FIFO in place of the file is refused at once, never read")
    func aFIFOIsRefused() throws {
        let dir = PersistenceTempDir()
        #expect(mkfifo(dir.sub("secret.json"), 0o644) == 0)
        let read = try #require(PrivateFile.read(dir.sub("secret.json"), limit: 1024))
        #expect(read.bytes == nil && read.finding?.outcome == .notRegular)
    }

    @Test("another user's folder (a decoy reached through a link) is refused and not changed",
          .enabled(if: geteuid() == 0, "chown needs root"))
    func aForeignFolderIsRefused() throws {
        let dir = PersistenceTempDir()
        let decoy = dir.sub("decoy")
        #expect(mkdir(decoy, 0o755) == 0 && chmod(decoy, 0o755) == 0 && chown(decoy, 65534, 65534) == 0)
        #expect(symlink(decoy, dir.sub("credentials")) == 0)
        let finding = try #require(PrivateFile.checkFolder(dir.sub("credentials")))
        #expect(finding.outcome == .notOwned(uid: 65534, mode: 0o755) && finding.refusesUse)
        #expect(Self.mode(decoy) == 0o755, "another user's folder is never changed")
        #expect(finding.problem.key == "files.credentials_not_owned")
    }

    @Test("a file the app's own user cannot open is refused with the reason", .enabled(if: geteuid() != 0, "root opens any file"))
    func anUnreadableFileIsRefused() throws {
        let dir = PersistenceTempDir()
        try dir.write("x", to: "secret.json")
        #expect(chmod(dir.sub("secret.json"), 0) == 0)
        let read = try #require(PrivateFile.read(dir.sub("secret.json"), limit: 1024))
        #expect(read.bytes == nil && read.finding?.outcome == .unreadable(errno: EACCES))
        #expect(read.finding?.problem.key == "files.credentials_unreadable")
    }
}
