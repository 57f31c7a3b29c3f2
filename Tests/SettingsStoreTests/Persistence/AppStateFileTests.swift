import Foundation
import Testing
@testable import SettingsStore

@Suite("app-state.json")
struct AppStateFileTests {
    let name = "state/verbumcare/app-state.json"

    func file(_ dir: PersistenceTempDir) -> AppStateFile { AppStateFile(path: dir.sub(name)) }

    static let sample = PersistedAppState(
        currentLanguage: .zhHant, serverSource: .fallback, lastKnownServerId: "mac-mini",
        serverHistory: [ServerHistoryEntry(serverId: "pn51", lastUsed: 1_763_754_901.25, successful: true, durationMs: 42.5),
                        ServerHistoryEntry(serverId: "mac-mini", lastUsed: 1_763_754_000, successful: false, durationMs: 10_000)],
        preferences: Preferences(showCheckDetails: false, sparklineLength: 12))

    @Test func missingFileGivesDefaults() {
        let dir = PersistenceTempDir()
        let result = file(dir).load()
        #expect(result.state == PersistedAppState())
        #expect(result.problems.isEmpty)
        #expect(result.migratedFrom == nil)
    }

    @Test func saveAndLoadRoundTrip() throws {
        let dir = PersistenceTempDir()
        try file(dir).save(Self.sample)
        let result = file(dir).load()
        #expect(result.state == Self.sample)
        #expect(result.problems.isEmpty)
        #expect(dir.mode(name) == 0o600)
        #expect(dir.mode("state/verbumcare") == 0o700)
        #expect(dir.json(name)?["version"] as? Int == 2)
    }

    @Test func version1IsMigrated() throws {
        let dir = PersistenceTempDir()
        try dir.write("""
        {"language": "zh-TW", "serverId": "mac-mini", "theme": "dark",
         "history": [{"serverId": "mac-mini", "timestamp": 1763754901500, "success": true},
                     {"serverId": 3},
                     {"serverId": "pn51", "timestamp": 1763750000000, "success": false}]}
        """, to: name)
        let result = file(dir).load()
        #expect(result.migratedFrom == 1)
        #expect(result.state.version == PersistedAppState.currentVersion)
        #expect(result.state.currentLanguage == .zhHant)
        #expect(result.state.lastKnownServerId == "mac-mini")
        #expect(result.state.serverSource == .default)
        #expect(result.state.serverHistory == [
            ServerHistoryEntry(serverId: "mac-mini", lastUsed: 1_763_754_901.5, successful: true, durationMs: 0),
            ServerHistoryEntry(serverId: "pn51", lastUsed: 1_763_750_000, successful: false, durationMs: 0),
        ])
        #expect(result.problems.map(\.key) == ["files.entry_invalid"])

        try file(dir).save(result.state)
        let json = try #require(dir.json(name))
        #expect(json["version"] as? Int == 2)
        #expect(json["language"] == nil && json["serverId"] == nil && json["history"] == nil)
        #expect(json["theme"] as? String == "dark", "keys the app does not know survive")
        let again = file(dir).load()
        #expect(again.migratedFrom == nil)
        #expect(again.state == result.state)
    }

    @Test func badFieldsAndEntriesAreDroppedOneByOne() throws {
        let dir = PersistenceTempDir()
        try dir.write("""
        {"version": 2, "currentLanguage": "fr", "serverSource": "fallback", "lastKnownServerId": 7,
         "serverHistory": [{"serverId": "a", "lastUsed": 1, "successful": true, "durationMs": 3},
                           "junk",
                           {"serverId": "b", "lastUsed": "yesterday", "successful": true, "durationMs": 3},
                           {"serverId": "a", "lastUsed": 0, "successful": false, "durationMs": 1}],
         "preferences": {"showCheckDetails": false, "sparklineLength": -4}}
        """, to: name)
        let result = file(dir).load()
        #expect(result.state.currentLanguage == nil)
        #expect(result.state.serverSource == .fallback)
        #expect(result.state.lastKnownServerId == nil)
        #expect(result.state.serverHistory == [ServerHistoryEntry(serverId: "a", lastUsed: 1, successful: true, durationMs: 3)])
        #expect(result.state.preferences == Preferences(showCheckDetails: false, sparklineLength: 30))
        let fields = result.problems.filter { $0.key == "files.field_invalid" }.compactMap { $0.parameters["field"] }
        #expect(Set(fields) == ["currentLanguage", "lastKnownServerId", "preferences.sparklineLength"])
        #expect(result.problems.filter { $0.key == "files.entry_invalid" }.count == 2)
    }

    @Test func historyIsCappedAtTheLimit() throws {
        let dir = PersistenceTempDir()
        let entries = (0..<15).map { #"{"serverId": "s\#($0)", "lastUsed": \#($0), "successful": true, "durationMs": 1}"# }
        try dir.write(#"{"version": 2, "serverHistory": [\#(entries.joined(separator: ","))]}"#, to: name)
        let result = file(dir).load()
        #expect(result.state.serverHistory.map(\.serverId) == (0..<10).map { "s\($0)" })
    }

    @Test func newerVersionIsReadForWhatIsKnownAndReported() throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"version": 7, "currentLanguage": "en", "lastKnownServerId": "pn51", "hologram": {"x": 1}}"#, to: name)
        let result = file(dir).load()
        #expect(result.state.currentLanguage == .en)
        #expect(result.state.lastKnownServerId == "pn51")
        #expect(result.problems == [FileProblem(key: "files.newer_version", parameters: ["file": "app-state.json", "version": "7"])])
        try file(dir).save(result.state)
        #expect(dir.json(name)?["hologram"] != nil)
    }

    /// Every `version` a save rewrites (missing, older, newer, unreadable) keeps the file's
    /// old bytes first, and the returned problem names the copy; the current version does not.
    @Test(arguments: [nil, "1", "7", "0", "-3", "1.5", "\"2\"", "\"abc\"", "null", "true", "[2]"])
    func aRewrittenVersionKeepsACopyFirst(_ version: String?) throws {
        let dir = PersistenceTempDir()
        let body = #""currentLanguage": "en", "serverHistory": []"#
        let original = version.map { #"{"version": \#($0), \#(body)}"# } ?? "{\(body)}"
        try dir.write(original, to: name)
        let problems = try file(dir).save(PersistedAppState(currentLanguage: .ja))
        let kept = try #require(problems.first { $0.key == "files.kept_copy" }, "\(version ?? "missing"): \(problems)")
        #expect(kept.parameters["file"] == "app-state.json")
        let copy = try #require(kept.parameters["path"])
        #expect(copy.contains("app-state.json.corrupt-"))
        #expect(FileManager.default.contents(atPath: copy) == Data(original.utf8), "the copy holds the old bytes")
        #expect(dir.json(name)?["version"] as? Int == PersistedAppState.currentVersion)

        // Written once in the current version, later saves keep no more copies.
        #expect(try file(dir).save(PersistedAppState(currentLanguage: .en)).isEmpty)
    }

    @Test func corruptFileIsMovedAside() throws {
        let dir = PersistenceTempDir()
        try dir.write("{\"version\": 2, \"currentLanguage\": ", to: name)
        let result = file(dir).load()
        #expect(result.state == PersistedAppState())
        let aside = try #require(result.movedAsideTo)
        #expect(aside.contains("app-state.json.corrupt-"))
        #expect(FileManager.default.contents(atPath: aside).map(Array.init) == Array("{\"version\": 2, \"currentLanguage\": ".utf8))
        #expect(result.problems.map(\.key) == ["files.moved_aside"])
    }
}
