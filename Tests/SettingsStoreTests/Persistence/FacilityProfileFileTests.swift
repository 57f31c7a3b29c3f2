import Testing
@testable import SettingsStore

/// The facility profile as settings.json holds it (SPEC §16): a hand-edited value the profile
/// refuses is reported and left unset (the trigger takes its default), like every other field;
/// `validated` refuses what `settings set` refuses.
@Suite struct FacilityProfileFileTests {
    let name = "config/verbumcare/settings.json"

    func file(_ dir: PersistenceTempDir) -> NativeSettingsFile {
        NativeSettingsFile(path: dir.sub(name), environment: .production)
    }

    @Test func validValuesAreRead() throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"facility_name": " グループホーム\u0007ひまわり ", "facility_number": "0123456789", "bcp_trigger_minutes": 30}"#,
                      to: name)
        let loaded = file(dir).load()
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.settings.facilityName == "グループホーム\u{FFFD}ひまわり", "the bell is marked, the blanks trimmed")
        #expect(loaded.settings.facilityNumber == "0123456789", "leading zeros kept")
        #expect(loaded.settings.bcpTriggerMinutes == 30)
        #expect(FacilityProfile(loaded.settings).bcpTrigger.minutes == 30)
    }

    @Test func refusedValuesAreReportedAndLeftUnset() throws {
        let dir = PersistenceTempDir()
        let long = String(repeating: "x", count: FacilityProfile.nameMaxLength + 1)
        try dir.write(#"{"facility_name": "\#(long)", "facility_number": "12ab", "bcp_trigger_minutes": 1441}"#, to: name)
        let loaded = file(dir).load()
        #expect(Set(loaded.problems.compactMap { $0.parameters["field"] })
                == ["facility_name", "facility_number", "bcp_trigger_minutes"], "\(loaded.problems)")
        #expect(loaded.settings.facilityName == nil && loaded.settings.facilityNumber == nil)
        #expect(loaded.settings.bcpTriggerMinutes == NativeSettings.defaultBCPTriggerMinutes)
    }

    @Test func validatedRefusesWhatSetRefuses() {
        let refusals: [(NativeSettings, String)] = [
            (NativeSettings(facilityNumber: "12 34"), "facility_number"),
            (NativeSettings(facilityNumber: String(repeating: "9", count: 21)), "facility_number"),
            (NativeSettings(facilityName: String(repeating: "名", count: 101)), "facility_name"),
            (NativeSettings(bcpTriggerMinutes: 0), "bcp_trigger_minutes"),
            (NativeSettings(bcpTriggerMinutes: 1441), "bcp_trigger_minutes"),
        ]
        for (settings, field) in refusals {
            #expect(throws: InvalidSettingsValue.self, "\(field)") { try settings.validated(environment: .production) }
            do {
                _ = try settings.validated(environment: .production)
            } catch {
                #expect(error.field == field)
            }
        }
        let kept = try? NativeSettings(facilityName: "a", facilityNumber: "１２", bcpTriggerMinutes: 1).validated(environment: .production)
        #expect(kept?.facilityNumber == "12" && kept?.facilityName == "a" && kept?.bcpTriggerMinutes == 1)
    }
}
