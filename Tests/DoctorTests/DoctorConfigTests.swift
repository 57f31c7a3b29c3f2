import Doctor
import SettingsStore
import Testing

/// The `config` check beyond the files' own problems: copies kept aside, a settings file
/// moved aside (not "no settings file yet"), and unknown keys with the key probably meant.
@Suite("doctor config: kept copies and unknown keys")
struct DoctorConfigTests {
    static let settings = "/h/config/verbumcare/settings.json"
    static let appState = "/h/state/verbumcare/app-state.json"

    static func copy(_ file: String, _ path: String, _ stamp: String) -> ConfigFacts.KeptCopy {
        ConfigFacts.KeptCopy(file: file.split(separator: "/").last.map(String.init) ?? file, filePath: path,
                             path: path + ".corrupt-" + stamp)
    }

    @Test func everyKeptCopyIsAWarningWithAFix() {
        let copies = [Self.copy(Self.settings, Self.settings, "20250101T000000Z"),
                      Self.copy(Self.appState, Self.appState, "20250102T000000Z")]
        let checks = Doctor.config(ConfigFacts(settingsPath: Self.settings, settingsExisted: true, problems: [],
                                               keptCopies: copies))
        #expect(checks.map(\.status) == [.ok, .warning, .warning])
        #expect(checks.allSatisfy { $0.id == .config })
        for (check, copy) in zip(checks.dropFirst(), copies) {
            #expect(check.message == AppError(key: "doctor.config.kept_copy", parameters: ["file": copy.file, "path": copy.path]))
            #expect(check.fix == AppError(key: "doctor.fix.kept_copy", parameters: ["path": copy.path, "current": copy.filePath]))
        }
    }

    /// The file was moved aside by an earlier run: doctor names where, not "no file yet".
    @Test func aMovedAsideSettingsFileIsNotAbsent() {
        let older = Self.copy(Self.settings, Self.settings, "20250101T000000Z")
        let newer = Self.copy(Self.settings, Self.settings, "20250102T000000Z")
        let checks = Doctor.config(ConfigFacts(settingsPath: Self.settings, settingsExisted: false, problems: [],
                                               keptCopies: [older, newer]))
        let first = checks.first
        #expect(first?.status == .warning)
        #expect(first?.message == AppError(key: "doctor.config.moved_aside", parameters: ["file": "settings.json", "path": newer.path]))
        #expect(first?.fix?.key == "doctor.fix.moved_aside")
        // Without a copy, a missing file is simply not made yet.
        let fresh = Doctor.config(ConfigFacts(settingsPath: Self.settings, settingsExisted: false, problems: []))
        #expect(fresh.map(\.message.key) == ["doctor.config.absent"])
        // An app-state copy does not make settings.json "moved aside".
        let other = Doctor.config(ConfigFacts(settingsPath: Self.settings, settingsExisted: false, problems: [],
                                              keptCopies: [Self.copy(Self.appState, Self.appState, "20250101T000000Z")]))
        #expect(other.first?.message.key == "doctor.config.absent")
    }

    @Test func unknownKeysAreWarningsWithTheKeyProbablyMeant() {
        let unknown = [NativeSettingsFile.UnknownKey(key: "conection_timeout", suggestion: "connection_timeout"),
                       NativeSettingsFile.UnknownKey(key: "note", suggestion: nil)]
        let checks = Doctor.config(ConfigFacts(settingsPath: Self.settings, settingsExisted: true, problems: [],
                                               unknownKeys: unknown))
        #expect(checks.map(\.status) == [.ok, .warning, .warning])
        #expect(checks[1].message == AppError(key: "doctor.config.unknown_key",
                                              parameters: ["file": "settings.json", "key": "conection_timeout",
                                                           "suggestion": "connection_timeout"]))
        #expect(checks[1].fix?.key == "doctor.fix.rename_key")
        #expect(checks[2].message == AppError(key: "doctor.config.unknown_key_unmatched",
                                              parameters: ["file": "settings.json", "key": "note"]))
        #expect(checks[2].fix?.parameters["keys"]?.contains("connection_timeout") == true)
        #expect(Doctor.worst(checks) == .warning, "warnings only: doctor exits 0")
    }
}
