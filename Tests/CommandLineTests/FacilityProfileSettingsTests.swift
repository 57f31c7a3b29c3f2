import Foundation
import Localization
import Testing
import TestSupport

/// The facility profile through the real binary (SPEC §16): `settings set` takes
/// `facility_name` (sanitized, at most 100 characters), `facility_number` (事業所番号, 1 to 20
/// digits) and `bcp_trigger_minutes` (1 to 1440, default 10); `settings show` lists them; a
/// refused value says why in the run's language, exits 1 and leaves the file as it was.
@Suite("facility profile settings: set, show, refusals with reasons")
struct FacilityProfileSettingsTests {
    @Test("set and shown; full-width digits taken; a name sanitized; empty clears")
    func setAndShown() async throws {
        let session = try CLI.Session()
        let fresh = try CLI.object(try await session.run("settings", "show", "--json").standardOutput)
        #expect(fresh["bcp_trigger_minutes"] as? Int == 10, "the default")
        #expect(fresh["facility_name"] is NSNull && fresh["facility_number"] is NSNull, "\(fresh)")

        #expect(try await session.run("settings", "set", "facility_name", "  特別養護老人ホーム\u{1B}[2Jさくら  ").exitCode == 0)
        #expect(try await session.run("settings", "set", "facility_number", "１３７１２３４５６７").exitCode == 0)
        #expect(try await session.run("settings", "set", "bcp_trigger_minutes", "1440").exitCode == 0)
        let file = try #require(session.settingsObject())
        #expect(file["facility_name"] as? String == "特別養護老人ホームさくら", "escape removed, trimmed: \(file)")
        #expect(file["facility_number"] as? String == "1371234567")
        #expect(file["bcp_trigger_minutes"] as? Int == 1440)

        let shown = try await session.run("settings", "show")
        #expect(shown.standardOutput.contains("facility_name") && shown.standardOutput.contains("特別養護老人ホームさくら"), "\(shown)")
        #expect(shown.standardOutput.contains("1371234567"), "\(shown)")

        #expect(try await session.run("settings", "set", "facility_number", "").exitCode == 0)
        #expect(session.settingsObject()?["facility_number"] == nil, "an empty value clears it")
    }

    @Test("refusals say why in three languages and leave the file as it was", arguments: AppLanguage.allCases)
    func refusals(language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        #expect(try await session.run("settings", "set", "facility_number", "0012345678").exitCode == 0)
        let before = session.settingsBytes()
        let cases: [(key: String, value: String, message: String)] = [
            ("facility_number", "13A1234567", CLI.errorLine(language, "cli.facility_number.not_digits",
                                                             ["value": "13A1234567", "max": "20"])),
            ("facility_number", "137-123-4567", CLI.errorLine(language, "cli.facility_number.not_digits",
                                                               ["value": "137-123-4567", "max": "20"])),
            ("facility_number", String(repeating: "1", count: 21), CLI.errorLine(language, "cli.facility_number.too_long", ["max": "20"])),
            ("facility_name", String(repeating: "介", count: 101), CLI.errorLine(language, "cli.facility_name.too_long", ["max": "100"])),
            ("bcp_trigger_minutes", "0", CLI.errorLine(language, "cli.range", ["key": "bcp_trigger_minutes", "min": "1", "max": "1440"])),
            ("bcp_trigger_minutes", "1441", CLI.errorLine(language, "cli.range", ["key": "bcp_trigger_minutes", "min": "1", "max": "1440"])),
            ("bcp_trigger_minutes", "ten", CLI.errorLine(language, "cli.range", ["key": "bcp_trigger_minutes", "min": "1", "max": "1440"])),
        ]
        for (key, value, message) in cases {
            let result = try await session.run("settings", "set", key, value)
            #expect(result.exitCode == 1, "\(key) \(value): \(result)")
            #expect(result.standardError.contains(message), "\(language) \(key) \(value): expected \(message) in \(result)")
            #expect(session.settingsBytes() == before, "the file changed after refusing \(key) \(value)")
        }
    }
}
