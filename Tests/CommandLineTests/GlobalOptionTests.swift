import Foundation
import Localization
import Testing
import TestSupport

/// Global options before and after the subcommand's name, environments, usage errors (docs/PRODUCT.md: The command line).
@Suite struct GlobalOptionTests {
    /// `--home` must win over `VERBUMCARE_HOME` wherever it is written; the runner's own
    /// VERBUMCARE_HOME points elsewhere, so a misplaced option shows in the paths.
    @Test(arguments: [
        ["--home", "HOME", "paths", "--json"],
        ["paths", "--home", "HOME", "--json"],
        ["paths", "--json", "--home", "HOME"],
        ["--home=HOME", "paths", "--json"],
        ["paths", "--home=HOME", "--json"],
    ])
    func homeBeforeOrAfterSubcommand(_ template: [String]) async throws {
        let session = try CLI.Session(passesHomeOption: false)
        let chosen = try TemporaryHome()
        let arguments = template.map { $0.replacingOccurrences(of: "HOME", with: chosen.path) }
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 0, "\(result)")
        let paths = try CLI.object(result.standardOutput)
        #expect(paths["config"] as? String == chosen.path + "/config/verbumcare")
        #expect(paths["settings"] as? String == chosen.path + "/config/verbumcare/settings.json")
    }

    @Test(arguments: [
        ["--env", "staging", "paths", "--json"],
        ["paths", "--env", "staging", "--json"],
        ["paths", "--json", "--env=staging"],
    ])
    func environmentBeforeOrAfterSubcommand(_ arguments: [String]) async throws {
        let session = try CLI.Session()
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 0, "\(result)")
        let paths = try CLI.object(result.standardOutput)
        #expect(paths["config"] as? String == session.home.path + "/config/verbumcare-staging")
        #expect(paths["state"] as? String == session.home.path + "/state/verbumcare-staging")
        #expect(paths["cache"] as? String == session.home.path + "/cache/verbumcare-staging")
    }

    @Test func environmentFromVariable() async throws {
        let session = try CLI.Session()
        let result = try await session.run("paths", "--json", environment: ["VERBUMCARE_ENV": "development"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try CLI.object(result.standardOutput)["config"] as? String
                == session.home.path + "/config/verbumcare-development")
    }

    @Test(arguments: [
        (["--env", "prod", "paths"], [String: String]()),
        (["paths", "--env", "Production"], [:]),
        (["servers"], ["VERBUMCARE_ENV": "qa"]),
    ])
    func badEnvironmentIsUsageError(_ arguments: [String], _ environment: [String: String]) async throws {
        let session = try CLI.Session()
        let result = try await session.run(arguments: arguments, environment: environment)
        #expect(result.exitCode == 64, "\(result)")
        let bad = arguments.count > 2 ? arguments[arguments.firstIndex(of: "--env")! + 1] : environment["VERBUMCARE_ENV"]!
        #expect(result.standardError.contains(CLI.errorLine(.en, "cli.invalid_env", ["value": bad])), "\(result)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: [AppLanguage.ja, .en, .zhHant])
    func langOptionBeforeOrAfter(_ language: AppLanguage) async throws {
        // The locale says another language, so only --lang can explain the output.
        let session = try CLI.Session(lang: CLI.lang(for: language.next))
        for arguments in [["--lang", language.rawValue, "validate", "https://"],
                          ["validate", "https://", "--lang", language.rawValue]] {
            let result = try await session.run(arguments: arguments)
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardOutput.contains(CLI.text(language, "cli.validate.invalid", ["address": "https://"])),
                    "\(result)")
        }
    }

    @Test func badLangIsUsageError() async throws {
        let session = try CLI.Session()
        let result = try await session.run("paths", "--lang", "fr")
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError.contains(CLI.errorLine(.en, "cli.lang_unknown", ["code": "fr"])))
    }

    @Test(arguments: [["--version"], ["servers", "--version"], ["--home", "/nonexistent", "--version"]])
    func versionAnywhere(_ arguments: [String]) async throws {
        let session = try CLI.Session(passesHomeOption: false)
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 0, "\(result)")
        let line = result.standardOutput.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("verbumcare-tui "))
        #expect(line.split(separator: " ").count == 2)
        #expect(line.split(separator: " ").last?.first?.isNumber == true, "\(line)")
    }

    /// The remaining global options are accepted (stored for later commands) in both places.
    @Test(arguments: [
        ["--cacert", "/tmp/ca.pem", "--connect-to", "a:443:127.0.0.1:1", "--connect-to", "::127.0.0.1:2",
         "--no-color", "--plain", "servers", "--json"],
        ["servers", "--json", "--cacert", "/tmp/ca.pem", "--connect-to", "a:443:127.0.0.1:1", "--no-color", "--plain"],
    ])
    func otherGlobalOptionsAccepted(_ arguments: [String]) async throws {
        let session = try CLI.Session()
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try CLI.array(result.standardOutput).count >= 3)
    }

    @Test func noSubcommandWithoutTerminalIsUsageError() async throws {
        let session = try CLI.Session(lang: "ja_JP.UTF-8")
        let result = try await session.run()
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError == CLI.text(.ja, "cli.not_a_terminal") + "\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: [["--bogus", "servers"], ["servers", "--bogus"], ["validate"], ["settings", "set", "connection_timeout"],
                      ["nosuchcommand"], ["settings", "set", "no_such_key", "1"], ["lang", "fr"]])
    func usageErrorsExit64(_ arguments: [String]) async throws {
        let session = try CLI.Session()
        let before = session.settingsBytes()
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 64, "\(result)")
        #expect(!result.standardError.isEmpty)
        #expect(session.settingsBytes() == before)
    }

    @Test func unknownSettingNamesTheKnownOnes() async throws {
        let session = try CLI.Session()
        let result = try await session.run("settings", "set", "timeout", "10")
        #expect(result.exitCode == 64)
        let keys = ["backend_server_address", "custom_server_address", "connection_timeout", "auto_switch_on_failure",
                    "enable_detailed_logging", "ca_bundle", "probe_interval", "cert_warning_days"]
        #expect(result.standardError.contains(CLI.errorLine(.en, "cli.unknown_key",
                                                            ["key": "timeout", "keys": keys.joined(separator: ", ")])),
                "\(result)")
    }

    @Test(arguments: [(["--help"], "verbumcare-tui"), (["servers", "--help"], "verbumcare-tui servers"),
                      (["--home", "/tmp/x", "settings", "set", "--help"], "verbumcare-tui settings set")])
    func helpAnywhere(_ arguments: [String], _ usage: String) async throws {
        let session = try CLI.Session(passesHomeOption: false)
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("USAGE: " + usage), "\(result)")
        #expect(result.standardOutput.contains("--home"))
    }

    /// `development` relaxes http and loopback to warnings; production never does (docs/PRODUCT.md: Address validation; docs/PRODUCT.md: Environments).
    @Test func developmentRelaxesValidation() async throws {
        let session = try CLI.Session()
        let address = "http://localhost:3000/api"
        let production = try await session.run("validate", address, "--json")
        #expect(production.exitCode == 1)
        let development = try await session.run("--env", "development", "validate", address, "--json")
        #expect(development.exitCode == 0, "\(development)")
        let warnings = try #require(try CLI.object(development.standardOutput)["warnings"] as? [[String: Any]])
        #expect(Set(warnings.compactMap { $0["code"] as? String }).isSuperset(of: ["insecure_http", "loopback_host"]))
        // And it keeps its own files: a development server is not written into production settings.
        #expect(try await session.run("settings", "add-custom", address, "--env", "development").exitCode == 0)
        #expect(session.settingsBytes() == nil)
    }
}
