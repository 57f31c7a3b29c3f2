import Foundation
import Localization
import PropertyBased
import Testing
@testable import SettingsStore

@Suite("Persistence properties")
struct PersistencePropertyTests {
    static func checkUsable(_ s: NativeSettings) {
        #expect(NativeSettings.connectionTimeoutRange.contains(s.connectionTimeout))
        #expect(NativeSettings.probeIntervalRange.contains(s.probeInterval))
        #expect(Set(s.customServers).count == s.customServers.count)
        #expect(s.backendServerAddress != "")
        if s.backendServerAddress == NativeSettings.customSentinel { #expect(s.customServerAddress != nil) }
        // Whatever was read can be written back as is.
        #expect((try? s.validated(environment: .production)) == s)
    }

    @Test func anyBytesLoadToUsableSettings() async throws {
        let bytes = Gen.uint8(in: 0...255).array(of: 0...200)
        await propertyCheck(count: 150, input: bytes) { input in
            let dir = PersistenceTempDir()
            try dir.write(input, to: "settings.json")
            let result = NativeSettingsFile(path: dir.sub("settings.json"), environment: .production).load()
            Self.checkUsable(result.settings)
            if let aside = result.movedAsideTo {
                #expect(FileManager.default.contents(atPath: aside).map(Array.init) == input)
            } else {
                #expect(dir.bytes("settings.json") == input, "a file that is not moved aside is left alone")
            }
        }
    }

    /// JSON-ish documents: known and random keys with values of every type, sometimes broken.
    static let jsonish = Generator { rng in
        let keys = NativeSettings.Key.allCases.map(\.rawValue) + ["note", "x", "", "custom_servers ", "ÄÖ"]
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0...(depth > 2 ? 7 : 9), using: &rng) {
            case 0: return "null"
            case 1: return Bool.random(using: &rng) ? "true" : "false"
            case 2: return String(Int.random(in: -100...5000, using: &rng))
            case 3: return String(Double.random(in: -1e6...1e6, using: &rng))
            case 4: return ["\"__CUSTOM__\"", "\"https://verbumcare-lab.local/api\"", "\"https://ward3.example.org/api/\"",
                            "\"http://x/api\"", "\"\"", "\"\\u0000\\ud800\"", "\"\u{1B}[2J\""].randomElement(using: &rng) ?? "1"
            case 5: return "1e400"
            case 6: return "\"" + String((0..<Int.random(in: 0...12, using: &rng)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))) }).replacingOccurrences(of: "\\", with: "")
                .replacingOccurrences(of: "\"", with: "") + "\""
            case 7: return "12345678901234567890"
            case 8: return "[" + (0..<Int.random(in: 0...4, using: &rng)).map { _ in value(depth + 1) }.joined(separator: ",") + "]"
            default: return "{" + (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                "\"\(keys.randomElement(using: &rng) ?? "k")\": " + value(depth + 1) }.joined(separator: ",") + "}"
            }
        }
        var doc = "{" + (0..<Int.random(in: 0...10, using: &rng)).map { _ in
            "\"\(keys.randomElement(using: &rng) ?? "k")\": " + value(0)
        }.joined(separator: ", ") + "}"
        if Int.random(in: 0..<8, using: &rng) == 0, !doc.isEmpty {
            doc.removeLast(Int.random(in: 1...doc.count, using: &rng)) // truncated by a crash or an editor
        }
        return doc
    }

    @Test func jsonishDocumentsLoadAndUpdateCleanly() async throws {
        await propertyCheck(count: 150, input: Self.jsonish) { doc in
            let dir = PersistenceTempDir()
            try dir.write(doc, to: "settings.json")
            let file = NativeSettingsFile(path: dir.sub("settings.json"), environment: .production)
            let loaded = file.load()
            Self.checkUsable(loaded.settings)
            // A no-op update changes nothing the person wrote: reading it back finds the same
            // settings and the same field problems (invalid fields stay as written).
            let updated = try file.update { _ in }
            #expect(updated == loaded.settings)
            let again = file.load()
            let fileLevel: Set<String> = ["files.duplicate_key", "files.moved_aside"]
            #expect(again.problems == loaded.problems.filter { !fileLevel.contains($0.key) })
            #expect(again.settings == loaded.settings)
        }
    }

    static let states = Generator { rng in
        let ids = ["pn51", "mac-mini", "mac-mini-tailscale", "custom-ward3-example-org", "日本", "a\"b\\c\n"]
        var seen = Set<String>()
        var history: [ServerHistoryEntry] = []
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let id = ids.randomElement(using: &rng) ?? "pn51"
            guard history.count < ServerHistoryEntry.limit, seen.insert(id).inserted else { continue }
            history.append(ServerHistoryEntry(serverId: id, lastUsed: Double.random(in: 0...2e9, using: &rng),
                                              successful: Bool.random(using: &rng),
                                              durationMs: Bool.random(using: &rng) ? Double(Int.random(in: 0...60000, using: &rng))
                                                  : Double.random(in: 0...1e5, using: &rng)))
        }
        return PersistedAppState(
            currentLanguage: Bool.random(using: &rng) ? AppLanguage.allCases.randomElement(using: &rng) : nil,
            serverSource: ServerSource.allCases.randomElement(using: &rng) ?? .default,
            lastKnownServerId: Bool.random(using: &rng) ? ids.randomElement(using: &rng) : nil,
            serverHistory: history,
            preferences: Preferences(showCheckDetails: Bool.random(using: &rng),
                                     sparklineLength: Int.random(in: PersistedAppState.sparklineLengthRange, using: &rng)))
    }

    @Test func appStateRoundTrips() async throws {
        let dir = PersistenceTempDir()
        let file = AppStateFile(path: dir.sub("state/app-state.json"))
        await propertyCheck(count: 150, input: Self.states) { state in
            try file.save(state)
            let loaded = file.load()
            #expect(loaded.state == state)
            #expect(loaded.problems.isEmpty)
        }
    }
}
