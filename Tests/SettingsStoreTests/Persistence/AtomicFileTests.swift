import Glibc
import Testing
@testable import SettingsStore

@Suite("Atomic files and locks")
struct AtomicFileTests {
    @Test func writeCreatesPrivateDirectoriesAndFile() throws {
        let dir = PersistenceTempDir()
        try AtomicFile.write(Array("one".utf8), to: dir.sub("a/b/c.json"))
        #expect(dir.text("a/b/c.json") == "one")
        #expect(dir.mode("a") == 0o700)
        #expect(dir.mode("a/b") == 0o700)
        #expect(dir.mode("a/b/c.json") == 0o600)
        try AtomicFile.write(Array("two".utf8), to: dir.sub("a/b/c.json"))
        #expect(dir.text("a/b/c.json") == "two")
        #expect(dir.names(in: "a/b") == ["c.json"], "no temporary file is left behind")
    }

    @Test func existingDirectoryKeepsItsMode() throws {
        let dir = PersistenceTempDir()
        #expect(mkdir(dir.sub("shared"), 0o755) == 0)
        #expect(chmod(dir.sub("shared"), 0o755) == 0)
        try AtomicFile.write([1, 2, 3], to: dir.sub("shared/f"))
        #expect(dir.mode("shared") == 0o755)
        #expect(dir.mode("shared/f") == 0o600)
        #expect(dir.bytes("shared/f") == [1, 2, 3])
    }

    @Test func replacingAFileReplacesItsInodeAndMode() throws {
        let dir = PersistenceTempDir()
        try dir.write("old", to: "f")
        #expect(chmod(dir.sub("f"), 0o644) == 0)
        try AtomicFile.write(Array("new".utf8), to: dir.sub("f"))
        #expect(dir.mode("f") == 0o600)
        #expect(dir.text("f") == "new")
    }

    @Test func symbolicLinkIsFollowedAndKept() throws {
        let dir = PersistenceTempDir()
        try dir.write("old", to: "dotfiles/settings.json")
        #expect(mkdir(dir.sub("conf"), 0o700) == 0)
        #expect(symlink(dir.sub("dotfiles/settings.json"), dir.sub("conf/settings.json")) == 0)
        try AtomicFile.write(Array("new".utf8), to: dir.sub("conf/settings.json"))
        var st = stat()
        #expect(lstat(dir.sub("conf/settings.json"), &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        #expect(dir.text("dotfiles/settings.json") == "new")
    }

    @Test func readMissingIsNil() throws {
        let dir = PersistenceTempDir()
        #expect(try AtomicFile.read(dir.sub("nope")) == nil)
        #expect(try AtomicFile.read(dir.sub("no/dir/nope")) == nil)
        try dir.write("abc", to: "f")
        #expect(try AtomicFile.read(dir.sub("f")) == Array("abc".utf8))
    }

    @Test func lockUsesAPrivateSidecarFile() throws {
        let dir = PersistenceTempDir()
        #expect(FileLock.sidecarPath(for: "/x/y/settings.json") == "/x/y/.settings.json.lock")
        let value = try FileLock.withExclusiveLock(for: dir.sub("d/settings.json")) { 42 }
        #expect(value == 42)
        #expect(dir.mode("d/.settings.json.lock") == 0o600)
        #expect(dir.mode("d") == 0o700)
    }
}

@Suite("settings set KEY VALUE text")
struct NativeSettingsTextTests {
    @Test func setsFieldsFromText() throws {
        var s = NativeSettings.defaults
        try s.setValue(" 30 ", forKey: "connection_timeout")
        try s.setValue("off", forKey: "auto_switch_on_failure")
        try s.setValue("true", forKey: "enable_detailed_logging")
        try s.setValue("/etc/ca.pem", forKey: "ca_bundle")
        try s.setValue("120", forKey: "probe_interval")
        #expect(s == NativeSettings(connectionTimeout: 30, autoSwitchOnFailure: false, enableDetailedLogging: true,
                                    caBundle: "/etc/ca.pem", probeInterval: 120))
        try s.setValue("", forKey: "ca_bundle")
        #expect(s.caBundle == nil)
        try s.setValue("a, b", forKey: "custom_servers")
        #expect(s.customServers == ["a", "b"])
    }

    @Test func refusesUnknownKeysAndUnparseableText() {
        var s = NativeSettings.defaults
        #expect(throws: PersistenceError.invalidValue(field: "colour", value: "red")) { try s.setValue("red", forKey: "colour") }
        #expect(throws: PersistenceError.invalidValue(field: "connection_timeout", value: "ten")) {
            try s.setValue("ten", forKey: "connection_timeout")
        }
        #expect(throws: PersistenceError.self) { try s.setValue("maybe", forKey: "auto_switch_on_failure") }
        #expect(s == .defaults)
    }
}
