import Foundation
import Localization
import Testing
import TestSupport

/// SPEC §11: `--help` speaks the language in use (`--lang`, then the saved choice, then the
/// locale), and so do the parser's own errors (a missing argument, an unknown option…).
@Suite("--help and the parser's errors in the language in use")
struct HelpLanguageTests {
    /// Help is wrapped at 80 columns; compare without the line breaks and indentation.
    static func flat(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    @Test("--help of the app and of its commands in each language", arguments: AppLanguage.allCases)
    func helpInEachLanguage(language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        let root = try await session.run("--help")
        #expect(root.exitCode == 0, "\(root)")
        for key in ["cli.help.abstract", "cli.help.status", "cli.help.settings", "cli.help.home", "cli.help.plain"] {
            #expect(Self.flat(root.standardOutput).contains(Self.flat(CLI.text(language, key))), "\(key): \(root)")
        }
        // The library writes a group's title in capitals ("GLOBAL OPTIONS:"; kana and kanji have none).
        #expect(root.standardOutput.contains(CLI.text(language, "cli.help.global_options").uppercased() + ":"), "\(root)")
        // The discussion, line by line (its lines are the catalog's).
        for line in CLI.text(language, "cli.help.discussion").split(separator: "\n") {
            #expect(Self.flat(root.standardOutput).contains(Self.flat(String(line))), "\(line): \(root)")
        }
        let set = try await session.run("settings", "set", "--help")
        #expect(set.exitCode == 0, "\(set)")
        for key in ["cli.help.settings_set", "cli.help.settings_set.key", "cli.help.settings_set.value"] {
            #expect(Self.flat(set.standardOutput).contains(Self.flat(CLI.text(language, key))), "\(key): \(set)")
        }
        let discussion = CLI.text(language, "cli.help.settings_set.discussion", ["keys": "X"])
        let lastLine = try #require(discussion.split(separator: "\n").last)
        #expect(Self.flat(set.standardOutput).contains(Self.flat(String(lastLine))), "\(set)")
        let check = try await session.run("check", "--help")
        #expect(Self.flat(check.standardOutput).contains(Self.flat(CLI.text(language, "cli.help.server_argument"))),
                "\(check)")
        // The library's own headings and lines too.
        for key in ["cli.help.section.overview", "cli.help.section.usage", "cli.help.section.subcommands",
                    "cli.help.section.options"] {
            #expect(root.standardOutput.contains(CLI.text(language, key) + ":"), "\(key): \(root)")
        }
        #expect(root.standardOutput.contains(CLI.text(language, "cli.help.help_option")), "\(root)")
        #expect(set.standardOutput.contains(CLI.text(language, "cli.help.section.arguments") + ":"), "\(set)")
        if language != .en {
            for english in ["Settings screen for the VerbumCare backend server", "OVERVIEW:", "USAGE:", "OPTIONS:",
                            "SUBCOMMANDS:", "Show help information.", "Show the version.", "for detailed help"] {
                #expect(!root.standardOutput.contains(english), "\(english) in \(root)")
            }
            for english in ["The settings.json key.", "ARGUMENTS:", "Global Options"] {
                #expect(!set.standardOutput.contains(english), "\(english) in \(set)")
            }
        }
    }

    @Test("--help follows --lang, then the language saved with `lang`, then the locale")
    func helpFollowsTheLanguagePolicy() async throws {
        let session = try CLI.Session(lang: "en_US.UTF-8")
        let english = Self.flat(CLI.text(.en, "cli.help.abstract"))
        #expect(Self.flat(try await session.run("--help").standardOutput).contains(english))
        #expect(try await session.run("lang", "ja").exitCode == 0)
        let saved = try await session.run("servers", "--help")
        #expect(Self.flat(saved.standardOutput).contains(Self.flat(CLI.text(.ja, "cli.help.servers"))), "\(saved)")
        // --lang for this run beats the saved choice, before or after the command's name.
        for arguments in [["--lang", "zh-Hant", "servers", "--help"], ["servers", "--help", "--lang=zh-Hant"]] {
            let run = try await session.run(arguments: arguments)
            #expect(Self.flat(run.standardOutput).contains(Self.flat(CLI.text(.zhHant, "cli.help.servers"))),
                    "\(arguments): \(run)")
        }
    }

    /// Errors a person can meet, each with the message it must give.
    static let parserErrors: [(arguments: [String], key: String, parameters: [String: String])] = [
        (["settings", "set", "cert_warning_days"], "cli.parse.missing_argument", ["argument": "<value>"]),
        (["validate"], "cli.parse.missing_argument", ["argument": "<address>"]),
        (["servers", "--jsn"], "cli.parse.unknown_option_suggestion", ["option": "--jsn", "suggestion": "--json"]),
        (["servers", "--frobnicate"], "cli.parse.unknown_option", ["option": "--frobnicate"]),
        (["servers", "-q"], "cli.parse.unknown_option", ["option": "-q"]),
        (["servers", "extra"], "cli.parse.unexpected_argument", ["value": "extra"]),
        (["servers", "one", "two"], "cli.parse.unexpected_arguments", ["count": "2", "values": "'one', 'two'"]),
        (["servers", "--home"], "cli.parse.missing_value", ["option": "--home <dir>"]),
        (["servers", "--plain=yes"], "cli.parse.flag_value", ["option": "--plain", "value": "yes"]),
        (["check", "--format", "xml"], "cli.parse.invalid_value_choices",
         ["value": "xml", "option": "--format <format>", "choices": "text, json, nagios, openmetrics"]),
        (["frobnicate"], "cli.parse.unexpected_argument", ["value": "frobnicate"]),
    ]

    @Test("the parser's errors in each language, with the usage lines' labels; exit 64", arguments: AppLanguage.allCases)
    func parserErrorsInEachLanguage(language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        for error in Self.parserErrors {
            let result = try await session.run(arguments: error.arguments)
            #expect(result.exitCode == 64, "\(error.arguments): \(result)")
            let firstLine = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
            #expect(firstLine.hasPrefix(CLI.errorLine(language, error.key, error.parameters)),
                    "\(error.arguments): \(result)")
            #expect(result.standardError.contains(CLI.text(language, "cli.parse.usage_label") + ": "), "\(result)")
            if language != .en {
                for english in ["Error:", "Missing", "Unknown option", "Unexpected", "Usage:", "for more information",
                                "is invalid", "does not take"] {
                    #expect(!result.standardError.contains(english), "\(error.arguments): \(english) in \(result)")
                }
            }
        }
        // A check's own refusal of its options too.
        let both = try await session.run("check", "--all", "pn51")
        #expect(both.exitCode == 64, "\(both)")
        #expect(both.standardError.hasPrefix(CLI.errorLine(language, "cli.check.all_with_target")), "\(both)")
    }
}

/// A key of settings.json the app does not know is told on stderr by every command that reads
/// the file (with the key probably meant), and no more once the file is corrected.
@Suite("Unknown keys in settings.json (command line)")
struct UnknownKeyWarningTests {
    @Test("settings show warns about a typo with the key meant, until it is fixed", arguments: AppLanguage.allCases)
    func typoWarning(language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        try session.home.write(#"{"conection_timeout": 20, "note": "x"}"#, to: "config/verbumcare/settings.json")
        let result = try await session.run("settings", "show")
        #expect(result.exitCode == 0, "\(result)")
        let l = Localizer(language: language)
        let typo = l.text("cli.warning.prefix") + ": "
            + l.text("files.unknown_key", ["file": "settings.json", "field": "conection_timeout",
                                           "suggestion": "connection_timeout"])
        let other = l.text("cli.warning.prefix") + ": "
            + l.text("files.unknown_key_unmatched", ["file": "settings.json", "field": "note"])
        #expect(result.standardError.contains(typo), "\(result)")
        #expect(result.standardError.contains(other), "\(result)")
        #expect(!result.standardOutput.contains("conection_timeout"), "warnings go to stderr")
        // The file is not changed by being read.
        #expect(session.settingsBytes() == Data(#"{"conection_timeout": 20, "note": "x"}"#.utf8))
        // `settings set` of another key keeps the unknown keys as written, and warns again.
        let set = try await session.run("settings", "set", "probe_interval", "30")
        #expect(set.exitCode == 0, "\(set)")
        #expect(set.standardError.contains(typo), "\(set)")
        #expect(session.settingsObject()?["conection_timeout"] as? Int == 20)
        // Fixed: no warning.
        try session.home.write(#"{"connection_timeout": 20}"#, to: "config/verbumcare/settings.json")
        let fixed = try await session.run("settings", "show")
        #expect(fixed.exitCode == 0 && fixed.standardError.isEmpty, "\(fixed)")
    }

    @Test("settings set with a slip of a key names the key meant", arguments: AppLanguage.allCases)
    func typoOnTheCommandLine(language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        let result = try await session.run("settings", "set", "conection_timeout", "20")
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError.hasPrefix(CLI.errorLine(language, "cli.unknown_key_suggestion",
                                                             ["key": "conection_timeout", "suggestion": "connection_timeout"])),
                "\(result)")
        let list = try await session.run("settings", "set", "custom_server", "https://x.example/api")
        #expect(list.standardError.hasPrefix(CLI.errorLine(language, "cli.custom_servers_use_add", ["key": "custom_servers"])),
                "\(list)")
        #expect(session.settingsBytes() == nil, "nothing written")
    }
}
