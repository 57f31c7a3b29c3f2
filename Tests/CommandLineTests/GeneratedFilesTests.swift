import Foundation
import Testing
import TestSupport

/// The committed completion scripts and man page are what the current binary generates
/// (regenerate with `scripts/generate-docs`).
@Suite struct GeneratedFilesTests {
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test(arguments: [("bash", "completions/verbumcare-tui.bash"), ("zsh", "completions/_verbumcare-tui"),
                      ("fish", "completions/verbumcare-tui.fish")])
    func completionScriptIsCurrent(_ shell: String, _ path: String) async throws {
        let home = try TemporaryHome()
        let runner = try BinaryRunner(home: home.path, passesHomeOption: false)
        let result = try await runner.run(["--generate-completion-script", shell])
        #expect(result.exitCode == 0, "\(result)")
        let committed = try #require(try? String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8),
                                     "\(path) is missing; run scripts/generate-docs")
        #expect(committed == result.standardOutput, "\(path) is stale; run scripts/generate-docs")
        #expect(committed.contains("settings"))
    }

    /// The man page names every command and global option the binary knows.
    @Test func manPageCoversEveryCommand() throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/man/verbumcare-tui.1"),
                              encoding: .utf8)
        for word in ["validate", "servers", "settings", "add-custom", "remove-custom", "reset", "lang", "paths",
                     "--home", "--env", "--lang", "--cacert", "--connect-to", "--no-color", "--plain", "--json"] {
            // mdoc writes an option as `Fl -name` (the macro supplies the first dash).
            let needle = word.hasPrefix("--") ? "Fl " + word.dropFirst() : word
            #expect(page.contains(needle), "\(word)")
        }
    }
}
