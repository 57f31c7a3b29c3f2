import Foundation
import Localization
import Testing
import TestSupport

/// Unreadable files are moved aside, defaults are used, and the user is told (docs/PRODUCT.md: Files).
@Suite struct FileProblemTests {
    static let corrupt = "{\"backend_server_address\": \"https://verbumcaremac-mini/api\", \"custom_servers\": [tru"

    @Test(arguments: [["servers", "--json"], ["settings", "show", "--json"]])
    func corruptSettingsMovedAsideAndDefaultUsed(_ arguments: [String]) async throws {
        let session = try CLI.Session(lang: "ja_JP.UTF-8")
        try session.home.write(Self.corrupt, to: "config/verbumcare/settings.json")
        let result = try await session.run(arguments: arguments)
        #expect(result.exitCode == 0, "\(result)")

        let folder = session.home.configDirectory
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix("settings.json.corrupt-") }
        try #require(aside.count == 1, "\(aside)")
        #expect(session.home.read(folder + "/" + aside[0]) == Data(Self.corrupt.utf8))

        // pn51 is in use.
        if arguments[0] == "servers" {
            let current = try CLI.array(result.standardOutput).filter { $0["isCurrent"] as? Bool == true }
            #expect(current.map { $0["id"] as? String } == ["pn51"])
        } else {
            #expect(try CLI.object(result.standardOutput)["backend_server_address"] as? String
                    == "https://verbumcare-lab.local/api")
        }
        // The user is told, in their language, on stderr.
        let warning = Localizer(language: .ja).text("cli.warning.prefix")
        #expect(result.standardError.contains(warning), "\(result)")
        #expect(result.standardError.contains(aside[0]), "\(result)")
    }

    /// A file that parses but has an invalid field keeps the rest and is reported every run.
    @Test func invalidFieldReportedEveryRun() async throws {
        let session = try CLI.Session()
        try session.home.write("{\"connection_timeout\": 999, \"custom_servers\": [\"https://ward3.example.org/api\"]}",
                               to: "config/verbumcare/settings.json")
        for _ in 0..<2 {
            let result = try await session.run("settings", "show", "--json")
            #expect(result.exitCode == 0)
            let object = try CLI.object(result.standardOutput)
            #expect(object["connection_timeout"] as? Int == 10)
            #expect(object["custom_servers"] as? [String] == ["https://ward3.example.org/api"])
            #expect(result.standardError.contains(CLI.text(.en, "cli.warning.prefix")), "\(result)")
            #expect(result.standardError.contains("connection_timeout"), "\(result)")
        }
    }
}
