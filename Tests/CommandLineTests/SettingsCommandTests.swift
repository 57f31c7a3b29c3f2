import Foundation
import Localization
import PropertyBased
import Testing
import TestSupport

/// `settings set/add-custom/remove-custom/reset` against the real file (docs/PRODUCT.md: Files; docs/PRODUCT.md: The command line).
@Suite struct SettingsCommandTests {
    /// A settings file with something in every key, so "unchanged" means something.
    static func seeded(lang: String = "en_US.UTF-8") async throws -> CLI.Session {
        let session = try CLI.Session(lang: lang)
        for arguments in [["settings", "add-custom", "https://ward3.example.org/api"],
                          ["settings", "set", "connection_timeout", "15"],
                          ["settings", "set", "backend_server_address", "mac-mini"]] {
            let result = try await session.run(arguments: arguments)
            try #require(result.exitCode == 0, "\(result)")
        }
        return session
    }

    @Test(arguments: [
        ("connection_timeout", "99", "cli.range", ["key": "connection_timeout", "min": "5", "max": "60"]),
        ("connection_timeout", "4", "cli.range", ["key": "connection_timeout", "min": "5", "max": "60"]),
        ("connection_timeout", "ten", "cli.range", ["key": "connection_timeout", "min": "5", "max": "60"]),
        ("probe_interval", "0", "cli.range", ["key": "probe_interval", "min": "2", "max": "3600"]),
        ("cert_warning_days", "366", "cli.range", ["key": "cert_warning_days", "min": "0", "max": "365"]),
        ("auto_switch_on_failure", "maybe", "cli.not_boolean", ["key": "auto_switch_on_failure"]),
        ("enable_detailed_logging", "2", "cli.not_boolean", ["key": "enable_detailed_logging"]),
        ("backend_server_address", "http://x/api", "cli.invalid_value",
         ["key": "backend_server_address", "value": "http://x/api"]),
        ("backend_server_address", "https://ward4.example.org", "cli.invalid_value",
         ["key": "backend_server_address", "value": "https://ward4.example.org"]),
        ("custom_server_address", "https://127.0.0.1/api", "cli.invalid_value",
         ["key": "custom_server_address", "value": "https://127.0.0.1/api"]),
        ("ca_bundle", "/nonexistent/ca.pem", "ui.pane.ca_bundle_missing", ["path": "/nonexistent/ca.pem"]),
        ("ca_bundle", "/etc/passwd", "ui.pane.ca_bundle_no_certificate", ["path": "/etc/passwd"]),
    ] as [(String, String, String, [String: String])])
    func invalidSetLeavesFileUnchanged(_ key: String, _ value: String, _ messageKey: String,
                                       _ parameters: [String: String]) async throws {
        for language in AppLanguage.allCases {
            let session = try await Self.seeded(lang: CLI.lang(for: language))
            let before = try #require(session.settingsBytes())
            let result = try await session.run("settings", "set", key, value)
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardError.contains(CLI.errorLine(language, messageKey, parameters)), "\(result)")
            #expect(result.standardOutput.isEmpty)
            #expect(session.settingsBytes() == before, "settings.json changed after a refused set")
        }
    }

    /// An invalid address is refused with the validator's own messages, in the run's language.
    @Test func invalidAddressShowsValidationMessages() async throws {
        let session = try await Self.seeded(lang: "ja_JP.UTF-8")
        let result = try await session.run("settings", "set", "backend_server_address", "http://x/api")
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains(CLI.text(.ja, "validation.https_required")), "\(result)")
        #expect(result.standardError.contains(CLI.text(.ja, "validation.suggestion", ["address": "https://x/api"])),
                "\(result)")
    }

    @Test func validSetsAreSaved() async throws {
        let session = try CLI.Session()
        let ca = session.home.path + "/ca.pem"
        try session.home.write("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n", to: "ca.pem")
        let changes: [(String, String, Any)] = [
            ("connection_timeout", "60", 60), ("probe_interval", "30", 30), ("cert_warning_days", "10", 10),
            ("auto_switch_on_failure", "false", false), ("enable_detailed_logging", "true", true),
            ("ca_bundle", ca, ca), ("custom_server_address", "https://Ward9.Example.org/api/", "https://ward9.example.org/api"),
            ("backend_server_address", "https://verbumcaremac-mini/api", "https://verbumcaremac-mini/api"),
            ("backend_server_address", "__CUSTOM__", "__CUSTOM__"),
        ]
        for (key, value, stored) in changes {
            let result = try await session.run("settings", "set", key, value)
            #expect(result.exitCode == 0, "\(key)=\(value): \(result)")
            let saved = session.settingsObject()?[key]
            switch stored {
            case let flag as Bool: #expect(saved as? Bool == flag, "\(key)")
            case let number as Int: #expect(saved as? Int == number, "\(key)")
            default: #expect(saved as? String == stored as? String, "\(key)")
            }
            #expect(result.standardOutput.contains(CLI.text(.en, "cli.saved", ["key": key, "value": "\(stored)"])),
                    "\(result)")
        }
        // __CUSTOM__ selects custom_server_address.
        let servers = try CLI.array(try await session.run("servers", "--json").standardOutput)
        #expect(servers.first { $0["isCurrent"] as? Bool == true }?["baseUrl"] as? String == "https://ward9.example.org/api")
        // Clearing an optional value.
        #expect(try await session.run("settings", "set", "ca_bundle", "").exitCode == 0)
        #expect(session.settingsObject()?["ca_bundle"] == nil)
    }

    /// Any whole number is saved exactly when 5...60 and refused (file unchanged) otherwise.
    @Test func connectionTimeoutRangeProperty() async throws {
        let session = try await Self.seeded()
        await propertyCheck(count: 100, input: Gen.int(in: -100...200)) { seconds in
            let before = session.settingsBytes()
            // `--` lets a negative number through as the value instead of an unknown option.
            let result = try? await session.run("settings", "set", "connection_timeout", "--", String(seconds))
            if (5...60).contains(seconds) {
                #expect(result?.exitCode == 0)
                #expect(session.settingsObject()?["connection_timeout"] as? Int == seconds)
            } else {
                #expect(result?.exitCode == 1)
                #expect(session.settingsBytes() == before)
            }
        }
    }

    @Test func addCustomNormalizesAndRefusesDuplicates() async throws {
        let session = try CLI.Session()
        let added = try await session.run("settings", "add-custom", "HTTPS://Ward3.Example.org:443//api/")
        #expect(added.exitCode == 0, "\(added)")
        #expect(added.standardOutput.contains(CLI.text(.en, "cli.custom_added",
                                                       ["address": "https://ward3.example.org/api"])))
        #expect(session.customServers() == ["https://ward3.example.org/api"])
        let again = try await session.run("settings", "add-custom", "https://ward3.example.org/api")
        #expect(again.exitCode == 0)
        #expect(again.standardOutput.contains(CLI.text(.en, "cli.custom_exists",
                                                       ["address": "https://ward3.example.org/api"])))
        let prefilled = try await session.run("settings", "add-custom", "https://verbumcare-lab.local/api")
        #expect(prefilled.exitCode == 0)
        #expect(session.customServers() == ["https://ward3.example.org/api"])
        let invalid = try await session.run("settings", "add-custom", "http://ward4.example.org/api")
        #expect(invalid.exitCode == 1)
        #expect(invalid.standardError.contains(CLI.text(.en, "validation.https_required")))
        #expect(session.customServers() == ["https://ward3.example.org/api"])
    }

    @Test func removeCustomByIdOrAddress() async throws {
        let session = try CLI.Session()
        for address in ["https://a.example.org/api", "https://b.example.org:8443/x/api"] {
            #expect(try await session.run("settings", "add-custom", address).exitCode == 0)
        }
        #expect(try await session.run("settings", "set", "backend_server_address", "custom-a-example-org").exitCode == 0)
        let byId = try await session.run("settings", "remove-custom", "custom-a-example-org")
        #expect(byId.exitCode == 0, "\(byId)")
        #expect(byId.standardOutput.contains(CLI.text(.en, "cli.custom_removed", ["address": "https://a.example.org/api"])))
        // It was configured: the configuration goes back to the default server.
        #expect(session.settingsObject()?["backend_server_address"] == nil)
        let byAddress = try await session.run("settings", "remove-custom", "https://B.example.org:8443/x/api/")
        #expect(byAddress.exitCode == 0, "\(byAddress)")
        #expect(session.customServers().isEmpty)
        let missing = try await session.run("settings", "remove-custom", "custom-a-example-org")
        #expect(missing.exitCode == 1)
        #expect(missing.standardError.contains(CLI.errorLine(.en, "cli.custom_not_found",
                                                             ["target": "custom-a-example-org"])))
        // Prefilled servers cannot be removed.
        #expect(try await session.run("settings", "remove-custom", "pn51").exitCode == 1)
    }

    @Test func resetKeepsCustomServers() async throws {
        let session = try await Self.seeded()
        let result = try await session.run("settings", "reset")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains(CLI.text(.en, "cli.reset_done")))
        let show = try CLI.object(try await session.run("settings", "show", "--json").standardOutput)
        #expect(show["connection_timeout"] as? Int == 10)
        #expect(show["backend_server_address"] as? String == "https://verbumcare-lab.local/api")
        #expect(show["custom_servers"] as? [String] == ["https://ward3.example.org/api"])
    }

    @Test func fileAndFolderModes() async throws {
        let session = try await Self.seeded()
        _ = try await session.run("lang", "en")
        let home = session.home.path
        for file in [session.home.settingsFile, session.home.appStateFile] {
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
        for folder in [home + "/config/verbumcare", home + "/state/verbumcare"] {
            #expect(try Self.mode(folder) == 0o700, "\(folder)")
        }
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
