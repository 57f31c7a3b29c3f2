import Foundation
import Localization
import Testing
import TestSupport

/// SPEC §11: a value that starts with "-" is a value (refused as a value: exit 1, localized),
/// `custom_servers` points at add-custom, and `settings set` takes the booleans settings.json
/// takes, no more.
@Suite("settings set: values as values")
struct SettingsValueWordsTests {
    @Test("settings set cert_warning_days -1 is refused as a value, in the session's language, exit 1",
          arguments: [("ja_JP.UTF-8", AppLanguage.ja), ("en_US.UTF-8", .en), ("zh_TW.UTF-8", .zhHant)])
    func negativeValue(lang: String, language: AppLanguage) async throws {
        let session = try CLI.Session(lang: lang)
        for arguments in [["settings", "set", "cert_warning_days", "-1"],
                          ["settings", "set", "cert_warning_days", "-1", "--no-color"],
                          ["--no-color", "settings", "set", "connection_timeout", "-30"]] {
            let result = try await session.run(arguments: arguments)
            #expect(result.exitCode == 1, "\(arguments): \(result)")
            #expect(!result.standardError.contains("Missing expected argument"), "\(result)")
            let refusal = arguments.contains("cert_warning_days")
                ? CLI.text(language, "cli.range", ["key": "cert_warning_days", "min": "0", "max": "365"])
                : CLI.text(language, "cli.range", ["key": "connection_timeout", "min": "5", "max": "60"])
            #expect(result.standardError.contains(refusal), "\(result)")
        }
        #expect(session.settingsBytes() == nil, "nothing written")
    }

    @Test("settings set custom_servers points at settings add-custom")
    func customServers() async throws {
        let session = try CLI.Session()
        let result = try await session.run("settings", "set", "custom_servers", "x")
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError.contains("settings add-custom"), "\(result)")
    }

    @Test("yes is refused on the command line as it is in settings.json; true and false are taken")
    func booleans() async throws {
        let session = try CLI.Session()
        let yes = try await session.run("settings", "set", "auto_switch_on_failure", "yes")
        #expect(yes.exitCode == 1, "\(yes)")
        #expect(yes.standardError.contains(CLI.text(.en, "cli.not_boolean", ["key": "auto_switch_on_failure"])), "\(yes)")
        let no = try await session.run("settings", "set", "auto_switch_on_failure", "false")
        #expect(no.exitCode == 0, "\(no)")
        #expect(session.settingsObject()?["auto_switch_on_failure"] as? Bool == false)
    }
}

/// SPEC §11 `lang`: another language's locale gives English; one that names no language, Japanese.
@Suite("lang from an unsupported locale")
struct UnsupportedLocaleTests {
    @Test("de_DE and fr_FR give English; C and POSIX give Japanese",
          arguments: [("de_DE.UTF-8", "en"), ("fr_FR.UTF-8", "en"), ("C", "ja"), ("POSIX", "ja")])
    func locale(lang: String, expected: String) async throws {
        let session = try CLI.Session(lang: lang)
        let result = try await session.run("lang", "--json")
        #expect(try CLI.object(result.standardOutput)["language"] as? String == expected, "\(result)")
    }
}
