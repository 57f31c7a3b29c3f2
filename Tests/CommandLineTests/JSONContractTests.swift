import Foundation
import Localization
import Testing
import TestSupport

/// JSON field names, types and exit codes of each command (docs/PRODUCT.md: The command line): contracts for scripts.
@Suite struct JSONContractTests {
    static let validationKeys = ["input", "isValid", "normalizedAddress", "hostKind", "securityLevel",
                                 "errors", "warnings", "suggestions"]

    @Test(arguments: [
        ("https://verbumcare-lab.local/api", true),
        ("https://verbumcaremac-mini/api", true),
        ("https://Ward3.Example.org:443//api/", true),
        ("http://ward3.example.org/api", false),
        ("https://ward3.example.org", false),
        ("", false),
        ("https://localhost/api", false),
    ])
    func validateJSON(_ address: String, _ valid: Bool) async throws {
        let session = try CLI.Session()
        let result = try await session.run("validate", address, "--json")
        #expect(result.exitCode == (valid ? 0 : 1), "\(result)")
        let object = try CLI.object(result.standardOutput)
        #expect(Set(object.keys) == Set(Self.validationKeys))
        #expect(object["input"] as? String == address)
        #expect(object["isValid"] as? Bool == valid)
        #expect(object["normalizedAddress"] is String)
        #expect(object["hostKind"] is String || object["hostKind"] is NSNull)
        #expect(["secure", "insecure"].contains(object["securityLevel"] as? String))
        let errors = try #require(object["errors"] as? [[String: Any]])
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(object["suggestions"] is [String])
        #expect(errors.isEmpty == valid)
        for issue in errors + warnings {
            #expect(Set(issue.keys) == ["code", "message"])
            let code = try #require(issue["code"] as? String)
            // The message is the catalog's text for the code, never the bare key.
            #expect(issue["message"] as? String != "validation." + code)
            #expect((issue["message"] as? String)?.isEmpty == false)
        }
    }

    /// Field order is part of the document's stability (golden files and `diff` rely on it).
    @Test func validateFieldOrder() async throws {
        let session = try CLI.Session()
        let result = try await session.run("validate", "https://ward3.example.org/api", "--json")
        let positions = Self.validationKeys.map { result.standardOutput.range(of: "\"\($0)\"")?.lowerBound }
        #expect(!positions.contains(nil))
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test(arguments: [AppLanguage.ja, .en, .zhHant])
    func validateMessagesInRunLanguage(_ language: AppLanguage) async throws {
        let session = try CLI.Session()
        let result = try await session.run("validate", "http://ward3.example.org/api", "--json", "--lang", language.rawValue)
        let errors = try #require(try CLI.object(result.standardOutput)["errors"] as? [[String: Any]])
        let https = try #require(errors.first { $0["code"] as? String == "https_required" })
        #expect(https["message"] as? String == CLI.text(language, "validation.https_required"))
    }

    @Test func serversJSON() async throws {
        let session = try CLI.Session()
        #expect(try await session.run("settings", "add-custom", "https://ward3.example.org/api").exitCode == 0)
        let result = try await session.run("servers", "--json")
        #expect(result.exitCode == 0, "\(result)")
        let servers = try CLI.array(result.standardOutput)
        #expect(servers.map { $0["id"] as? String } == ["pn51", "mac-mini", "mac-mini-tailscale", "custom-ward3-example-org"])
        for server in servers {
            #expect(Set(server.keys) == ["id", "displayName", "baseUrl", "isDefault", "isPrefilled", "isCustom",
                                         "isConfigured", "isInUse", "isCurrent", "hostKind",
                                         "host", "hostUnicode", "displayNameUnicode"])
            #expect(server["isCurrent"] as? Bool == server["isInUse"] as? Bool, "isCurrent is isInUse's old name")
            #expect(server["isPrefilled"] as? Bool == !(server["isCustom"] as? Bool ?? true))
        }
        #expect(servers.filter { $0["isDefault"] as? Bool == true }.map { $0["id"] as? String } == ["pn51"])
        #expect(servers.filter { $0["isCurrent"] as? Bool == true }.map { $0["id"] as? String } == ["pn51"])
        #expect(servers[0]["baseUrl"] as? String == "https://verbumcare-lab.local/api")
        #expect(servers.map { $0["hostKind"] as? String } == ["mdns", "single-label", "mdns", "fqdn"])
    }

    @Test func serversMarksTheConfiguredServer() async throws {
        let session = try CLI.Session()
        #expect(try await session.run("settings", "set", "backend_server_address", "mac-mini").exitCode == 0)
        let servers = try CLI.array(try await session.run("servers", "--json").standardOutput)
        #expect(servers.filter { $0["isCurrent"] as? Bool == true }.map { $0["id"] as? String } == ["mac-mini"])
    }

    @Test func settingsShowJSON() async throws {
        let session = try CLI.Session()
        let result = try await session.run("settings", "show", "--json")
        #expect(result.exitCode == 0, "\(result)")
        let object = try CLI.object(result.standardOutput)
        #expect(Set(object.keys) == ["backend_server_address", "custom_server_address", "custom_servers",
                                     "connection_timeout", "auto_switch_on_failure", "enable_detailed_logging",
                                     "ca_bundle", "probe_interval", "cert_warning_days", "alert_webhooks",
                                     "alert_ca_bundle", "alert_up_confirmations", "slow_threshold_ms", "history_enabled",
                                     "remote_write_url", "remote_write_token_file", "facility",
                                     "facility_name", "facility_number", "bcp_trigger_minutes", "status_page_dir"])
        #expect(object["backend_server_address"] as? String == "https://verbumcare-lab.local/api")
        #expect(object["custom_server_address"] is NSNull)
        #expect(object["custom_servers"] as? [String] == [])
        #expect(object["connection_timeout"] as? Int == 10)
        #expect(object["auto_switch_on_failure"] as? Bool == true)
        #expect(object["enable_detailed_logging"] as? Bool == false)
        #expect(object["ca_bundle"] is NSNull)
        #expect(object["probe_interval"] as? Int == 10)
        #expect(object["cert_warning_days"] as? Int == 30)
        // `settings` alone is `settings show`.
        #expect(try await session.run("settings", "--json").standardOutput == result.standardOutput)
    }

    @Test func pathsJSON() async throws {
        let session = try CLI.Session()
        let result = try await session.run("paths", "--json")
        #expect(result.exitCode == 0, "\(result)")
        let object = try CLI.object(result.standardOutput)
        let home = session.home.path
        #expect(object["config"] as? String == home + "/config/verbumcare")
        #expect(object["state"] as? String == home + "/state/verbumcare")
        #expect(object["cache"] as? String == home + "/cache/verbumcare")
        #expect(object["log"] as? String == home + "/state/verbumcare/verbumcare-tui.log")
        #expect(object["settings"] as? String == home + "/config/verbumcare/settings.json")
        #expect(object.count == 5)
    }

    /// JSON goes to stdout alone: nothing for people is mixed into it.
    @Test(arguments: [["servers", "--json"], ["paths", "--json"], ["settings", "show", "--json"],
                      ["validate", "https://a.example/api", "--json"]])
    func jsonOnlyOnStdout(_ arguments: [String]) async throws {
        let session = try CLI.Session()
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 0)
        #expect(result.standardError.isEmpty, "\(result)")
        #expect((try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) != nil)
    }

    @Test func langPrintsAndSets() async throws {
        let session = try CLI.Session(lang: "en_US.UTF-8")
        let first = try await session.run("lang")
        #expect(first.exitCode == 0)
        #expect(first.standardOutput.contains(CLI.text(.en, "cli.lang_current", ["language": "English (en)"])), "\(first)")
        let set = try await session.run("lang", "zh-Hant")
        #expect(set.exitCode == 0, "\(set)")
        #expect(set.standardOutput.contains(CLI.text(.zhHant, "cli.lang_set", ["language": "繁體中文 (zh-Hant)"])), "\(set)")
        let state = try JSONSerialization.jsonObject(with: try #require(session.home.read(session.home.appStateFile)))
        #expect((state as? [String: Any])?["currentLanguage"] as? String == "zh-Hant")
        // Later runs speak the chosen language although the locale says English.
        let later = try await session.run("validate", "x")
        #expect(later.standardOutput.contains(CLI.text(.zhHant, "cli.validate.invalid", ["address": "x"])), "\(later)")
        // --lang is for one run only: it is not saved.
        _ = try await session.run("paths", "--lang", "ja")
        #expect(try await session.run("lang").standardOutput.contains("繁體中文 (zh-Hant)"))
    }
}
