import Localization
import Testing
import TestSupport

/// The app started with global options only: every option means what the parser makes of it,
/// and anything unusual is the parser's usage error. Without a terminal the app stops right
/// after reading its options, in the language they choose.
@Suite struct AppStartOptionsTests {
    @Test(arguments: [
        (["--lang", "ja"], AppLanguage.ja),
        (["--lang=zh-Hant", "--plain", "--no-color"], .zhHant),
        (["--connect-to", "a:443:127.0.0.1:1", "--lang", "ja", "--connect-to=::127.0.0.1:2", "--env", "staging"], .ja),
        (["--cacert", "/nonexistent/ca.pem", "--env=development", "--lang=en"], .en),
        // Repeated options are the parser's to read: the last one wins.
        (["--lang", "ja", "--lang", "zh-Hant"], .zhHant),
        (["--plain", "--lang", "ja", "--plain"], .ja),
        ([], .en),
    ])
    func optionsChooseTheLanguageOfTheTerminalHint(_ arguments: [String], _ language: AppLanguage) async throws {
        let session = try CLI.Session()
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError == CLI.text(language, "cli.not_a_terminal") + "\n", "\(arguments)")
    }

    /// `--home` decides whose saved language the app uses.
    @Test func theHomeOptionIsRead() async throws {
        let session = try CLI.Session(passesHomeOption: false)
        #expect(try await session.run("--home", session.home.path, "lang", "zh-Hant").exitCode == 0)
        let other = try TemporaryHome()
        let result = try await session.run("--home=" + other.path)
        #expect(result.standardError == CLI.text(.en, "cli.not_a_terminal") + "\n", "\(result)")
        let own = try await session.run("--plain", "--home", session.home.path)
        #expect(own.standardError == CLI.text(.zhHant, "cli.not_a_terminal") + "\n", "\(own)")
    }

    @Test func badValuesAreToldAsBefore() async throws {
        let session = try CLI.Session()
        let lang = try await session.run("--lang", "xx")
        #expect(lang.exitCode == 64 && lang.standardError.contains(CLI.errorLine(.en, "cli.lang_unknown", ["code": "xx"])),
                "\(lang)")
        let env = try await session.run("--env=bogus")
        #expect(env.exitCode == 64 && env.standardError.contains(CLI.errorLine(.en, "cli.invalid_env", ["value": "bogus"])),
                "\(env)")
        // Incomplete or unknown: the parser's usage errors.
        for arguments in [["--lang"], ["--home=", "--plain"], ["--plain=yes"], ["--lang", "--plain"], ["--bogus"]] {
            let result = try await session.run(arguments: arguments)
            #expect(result.exitCode == 64, "\(arguments): \(result)")
            #expect(!result.standardError.contains(CLI.text(.en, "cli.not_a_terminal")), "\(arguments): \(result)")
        }
    }
}
