import Glibc
import Testing
@testable import SettingsStore

@Suite("Unknown keys and kept copies, for doctor")
struct UnknownKeyTests {
    static let known = NativeSettings.Key.allCases.map(\.rawValue)

    @Test func aSlipFindsTheKeyMeant() {
        #expect(KeySuggestion.closest(to: "conection_timeout", among: Self.known) == "connection_timeout")
        #expect(KeySuggestion.closest(to: "probe_intreval", among: Self.known) == "probe_interval", "a swap is one edit")
        #expect(KeySuggestion.closest(to: "Auto_Switch_On_Failure", among: Self.known) == "auto_switch_on_failure")
        #expect(KeySuggestion.closest(to: "custom_server", among: Self.known) == "custom_servers")
        #expect(KeySuggestion.closest(to: "note", among: Self.known) == nil, "another word, not a slip")
        #expect(KeySuggestion.closest(to: "", among: Self.known) == nil)
    }

    @Test func unknownKeysAreListedWithoutChangingTheFile() throws {
        let dir = PersistenceTempDir()
        let text = "{\"conection_timeout\": 20, \"connection_timeout\": 10, \"note\": \"\\u001b[2Jward\"}"
        try dir.write(text, to: "settings.json")
        let file = NativeSettingsFile(path: dir.sub("settings.json"), environment: .production)
        #expect(file.unknownKeys() == [NativeSettingsFile.UnknownKey(key: "conection_timeout", suggestion: "connection_timeout"),
                                       NativeSettingsFile.UnknownKey(key: "note", suggestion: nil)])
        #expect(dir.text("settings.json") == text)
        try dir.write("{broken", to: "other.json")
        #expect(NativeSettingsFile(path: dir.sub("other.json"), environment: .production).unknownKeys().isEmpty)
    }

    /// Loading tells each unknown key (the app's notice, the command line's warning), with the
    /// key meant when it is a slip; the file keeps them as written.
    @Test func loadingReportsUnknownKeysWithTheKeyMeant() throws {
        let dir = PersistenceTempDir()
        let text = "{\"probe_intreval\": 30, \"connection_timeout\": 10, \"note\": \"x\"}"
        try dir.write(text, to: "settings.json")
        let loaded = NativeSettingsFile(path: dir.sub("settings.json"), environment: .production).load()
        #expect(loaded.problems == [
            FileProblem(key: "files.unknown_key_unmatched", parameters: ["file": "settings.json", "field": "note"]),
            FileProblem(key: "files.unknown_key", parameters: ["file": "settings.json", "field": "probe_intreval",
                                                               "suggestion": "probe_interval"]),
        ])
        #expect(loaded.settings.connectionTimeout == 10)
        #expect(dir.text("settings.json") == text)
        // Written without the slip: nothing to tell.
        try dir.write("{\"probe_interval\": 30}", to: "settings.json")
        #expect(NativeSettingsFile(path: dir.sub("settings.json"), environment: .production).load().problems.isEmpty)
    }

    @Test func keptCopiesAreFoundBesideTheFileAndItsLinkTarget() throws {
        let dir = PersistenceTempDir()
        try dir.write("{}", to: "dotfiles/settings.json")
        try dir.write("x", to: "dotfiles/settings.json.corrupt-20250102T000000Z")
        try dir.write("x", to: "conf/settings.json.corrupt-20250101T000000Z")
        try dir.write("x", to: "conf/settings.json.bak")
        #expect(symlink(dir.sub("dotfiles/settings.json"), dir.sub("conf/settings.json")) == 0)
        #expect(KeptCopies.of(dir.sub("conf/settings.json")) == [dir.sub("conf/settings.json.corrupt-20250101T000000Z"),
                                                                 dir.sub("dotfiles/settings.json.corrupt-20250102T000000Z")])
        #expect(KeptCopies.of(dir.sub("none/settings.json")).isEmpty)
    }
}
