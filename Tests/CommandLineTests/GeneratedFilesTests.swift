import Foundation
import Localization
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

    /// The man page of each language, where `scripts/install` takes it from.
    static func manPage(_ language: AppLanguage) -> String {
        switch language {
        case .en: "docs/man/verbumcare-tui.1"
        case .ja: "docs/man/ja/verbumcare-tui.1"
        case .zhHant: "docs/man/zh_TW/verbumcare-tui.1"
        }
    }

    /// The man page names every command and global option the binary knows, in each language.
    @Test(arguments: AppLanguage.allCases)
    func manPageCoversEveryCommand(language: AppLanguage) throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent(Self.manPage(language)),
                              encoding: .utf8)
        for word in ["validate", "servers", "settings", "add-custom", "remove-custom", "reset", "lang", "paths",
                     "--home", "--env", "--lang", "--cacert", "--connect-to", "--no-color", "--plain", "--json"] {
            // mdoc writes an option as `Fl -name` (the macro supplies the first dash).
            let needle = word.hasPrefix("--") ? "Fl " + word.dropFirst() : word
            #expect(page.contains(needle), "\(word)")
        }
    }

    /// SPEC §11: the man page exists in the three languages, each with the commands' and the
    /// options' words of its catalog (the page wraps lines, so the words are compared without
    /// white space).
    @Test(arguments: AppLanguage.allCases)
    func manPageSpeaksItsLanguage(language: AppLanguage) throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent(Self.manPage(language)), encoding: .utf8)
        let flat = page.filter { !$0.isWhitespace }
        let localizer = Localizer(language: language)
        for key in ["cli.help.abstract", "cli.help.status", "cli.help.settings_set", "cli.help.home", "cli.help.plain",
                    "cli.help.server_argument", "cli.help.settings_set.key", "cli.help.help_option"] {
            let words = localizer.text(key).filter { !$0.isWhitespace }
            #expect(flat.contains(words), "\(Self.manPage(language)) lacks \(key): \(localizer.text(key))")
        }
    }

    /// Each page renders through man and groff, as a person's `man` shows it, without a warning.
    @Test(arguments: AppLanguage.allCases)
    func manPageRendersWithoutWarnings(language: AppLanguage) async throws {
        let man = "/usr/bin/man"
        try #require(FileManager.default.isExecutableFile(atPath: man), "man is missing; run scripts/ensure-deps")
        let home = try TemporaryHome()
        let runner = BinaryRunner(program: man, home: home.path, lang: "C.UTF-8")
        let path = Self.repository.appendingPathComponent(Self.manPage(language)).path
        let result = try await runner.run(["--warnings", "-l", path], environment: ["MANWIDTH": "80",
                                                                                 "MANPAGER": "cat", "PAGER": "cat"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let abstract = Localizer(language: language).text("cli.help.abstract").filter { !$0.isWhitespace }
        #expect(result.standardOutput.filter { !$0.isWhitespace }.contains(abstract), "\(result.standardOutput)")
    }
}
