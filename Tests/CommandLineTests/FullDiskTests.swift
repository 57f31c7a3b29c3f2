import Foundation
import Testing
import TestSupport

/// `lang` and `login` when the disk is full: a small tmpfs mounted over a temporary home (as
/// root; elsewhere the test says why it did not run). A command tells success only after its
/// write succeeded, and no Swift type name reaches the person.
@Suite("full disk: every write tells its true outcome", .serialized)
struct FullDiskTests {
    /// A home on its own 256 KiB tmpfs, unmounted at the end.
    final class FullHome: Sendable {
        let home: TemporaryHome
        let runner: BinaryRunner

        init?() throws {
            home = try TemporaryHome(prefix: "fulldisk")
            runner = try BinaryRunner(home: home.path)
            guard Self.shell("mount -t tmpfs -o size=256k tmpfs '\(home.path)'") == 0 else { return nil }
        }

        /// Fills the file system to the last block.
        func fill() {
            _ = Self.shell("cat /dev/zero > '\(home.path)/filler' 2>/dev/null")
        }

        deinit { _ = Self.shell("umount '\(home.path)'") }

        @discardableResult
        static func shell(_ command: String) -> Int32 {
            ShellCommand.run(command)
        }
    }

    /// Words that only program internals use.
    static let internals = ["SettingsStore.", "FileProblem(", "fileRefused", "PersistenceError", "AppCore.", "key: \""]

    static func expectNoInternals(_ text: String) {
        for word in internals {
            #expect(!text.contains(word), "program internals reach the person: \(text)")
        }
    }

    @Test("lang on a full disk does not say the language was set, and says why")
    func langOnFullDisk() async throws {
        guard let disk = try FullHome() else {
            print("full disk: cannot mount a tmpfs here (not root); lang not tested on a full disk")
            return
        }
        let first = try await disk.runner.run(["lang", "ja"])
        #expect(first.exitCode == 0, "\(first)")
        disk.fill()
        let result = try await disk.runner.run(["lang", "en"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardOutput.isEmpty, "success told although nothing was saved: \(result)")
        #expect(result.standardError.contains("No space left on device"), "\(result)")
        Self.expectNoInternals(result.standardOutput + result.standardError)
        let shown = try await disk.runner.run(["lang", "--json"])
        #expect(shown.standardOutput.contains("\"ja\""), "the saved language is still ja: \(shown)")
    }

    @Test("login on a full disk does not say Signed in, and says why")
    func loginOnFullDisk() async throws {
        guard let disk = try FullHome() else {
            print("full disk: cannot mount a tmpfs here (not root); login not tested on a full disk")
            return
        }
        let demo = try await DemoBackendProcess.start()
        defer { _ = demo.stop() }
        // Signed in once, so that an old token is on disk when the disk fills.
        let first = try await LoginCommandTests.run(disk.runner, demo, ["login", "pn51", "--user", "demo", "--password-stdin"],
                                                    stdin: "demo")
        #expect(first.exitCode == 0, "\(first)")
        disk.fill()
        let result = try await LoginCommandTests.run(disk.runner, demo, ["login", "pn51", "--user", "demo", "--password-stdin"],
                                                     stdin: "demo")
        #expect(result.exitCode == 1, "\(result)")
        #expect(!result.standardOutput.contains(CLI.text(.en, "cli.login.signed_in", ["server": "pn51", "user": "demo"])),
                "\(result)")
        #expect(result.standardError.contains("No space left on device"), "\(result)")
        Self.expectNoInternals(result.standardOutput + result.standardError)
    }
}
