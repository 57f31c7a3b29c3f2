import Glibc
import Testing
@testable import SettingsStore

@Suite("Unknown keys and kept copies, for doctor")
struct UnknownKeyTests {
    static let known = NativeSettings.CodingKeys.allCases.map(\.rawValue)

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
