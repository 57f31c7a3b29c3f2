import Foundation
import Localization
import Testing
import TestSupport

/// `servers` tells the configured server (settings.json) from the one in use (app-state.json,
/// written by the running app, the monitor or `status`). During a fallback they differ: the
/// screen and `status` say pn51, and so must `servers`.
@Suite("servers: configured and in use")
struct ServersInUseTests {
    /// settings.json names Mac Mini; the last copy that ran fell back to pn51.
    static func fallbackSession(_ language: AppLanguage) throws -> CLI.Session {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        try session.home.write("{\"backend_server_address\": \"https://verbumcaremac-mini/api\"}\n",
                               to: "config/verbumcare/settings.json")
        try session.home.write("{\"version\": 2, \"serverSource\": \"fallback\", \"lastKnownServerId\": \"pn51\"}\n",
                               to: "state/verbumcare/app-state.json")
        return session
    }

    @Test func jsonMarksConfiguredAndInUseApart() async throws {
        let session = try Self.fallbackSession(.en)
        let result = try await session.run("servers", "--json")
        #expect(result.exitCode == 0, "\(result.standardError)")
        let entries = try CLI.array(result.standardOutput)
        let byId = Dictionary(uniqueKeysWithValues: entries.map { ($0["id"] as? String ?? "", $0) })
        let macMini = try #require(byId["mac-mini"])
        let pn51 = try #require(byId["pn51"])
        #expect(macMini["isConfigured"] as? Bool == true)
        #expect(macMini["isInUse"] as? Bool == false)
        #expect(macMini["isCurrent"] as? Bool == false, "isCurrent is isInUse under its old name")
        #expect(pn51["isConfigured"] as? Bool == false)
        #expect(pn51["isInUse"] as? Bool == true)
        #expect(pn51["isCurrent"] as? Bool == true)
        #expect(pn51["isDefault"] as? Bool == true)
        #expect(entries.filter { $0["isInUse"] as? Bool == true }.count == 1)
        #expect(entries.filter { $0["isConfigured"] as? Bool == true }.count == 1)
    }

    @Test(arguments: AppLanguage.allCases)
    func textSaysConfiguredAndInUseInWords(_ language: AppLanguage) async throws {
        let session = try Self.fallbackSession(language)
        let result = try await session.run("servers")
        #expect(result.exitCode == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let inUse = CLI.text(language, "cli.servers.current")
        let configured = CLI.text(language, "cli.servers.configured")
        let pn51 = try #require(lines.first { $0.contains(" pn51 ") || $0.hasPrefix("* pn51") })
        let macMini = try #require(lines.first { $0.contains("mac-mini ") })
        #expect(pn51.hasPrefix("* "), "the server in use is starred")
        #expect(pn51.hasSuffix("[" + inUse + ", " + CLI.text(language, "cli.servers.default") + "]"), "\(pn51)")
        #expect(macMini.hasPrefix("  "))
        #expect(macMini.hasSuffix("[" + configured + "]"), "\(macMini)")
        #expect(inUse != configured)
    }

    /// Without app-state.json (nothing has run yet), the configured server is the one in use.
    @Test func withoutAppStateTheConfiguredServerIsInUse() async throws {
        let session = try CLI.Session()
        try session.home.write("{\"backend_server_address\": \"https://verbumcaremac-mini/api\"}\n",
                               to: "config/verbumcare/settings.json")
        let entries = try CLI.array(try await session.run("servers", "--json").standardOutput)
        let macMini = try #require(entries.first { $0["id"] as? String == "mac-mini" })
        #expect(macMini["isConfigured"] as? Bool == true)
        #expect(macMini["isInUse"] as? Bool == true)
        #expect(macMini["isCurrent"] as? Bool == true)
    }
}
