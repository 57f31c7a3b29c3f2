import Foundation
import SettingsStore
import Testing
import TestSupport

/// settings.json's keys are listed once (`NativeSettings.Key`); the command line shows and
/// takes exactly those. A key of the file that `settings show` left out, or that `settings set`
/// refused as unknown, or a key `settings set` took that the file does not have, fails here.
@Suite struct SettingsKeyListTests {
    static let fileKeys = NativeSettings.Key.allCases.map(\.rawValue)

    @Test func settingsShowListsTheFileKeysInOrder() async throws {
        let session = try CLI.Session()
        let result = try await session.run("settings", "show", "--json")
        #expect(result.exitCode == 0, "\(result)")
        // The document's keys in the order written.
        let keys = result.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.firstIndex(of: "\""), line.hasPrefix("  \"") else { return nil }
            let rest = line[line.index(after: open)...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        #expect(keys == Self.fileKeys, "\(result)")
    }

    /// Every key of the file is a key of `settings set`: a value that no key takes is refused
    /// as a value (exit 1), never the key as unknown (64); `custom_servers` points at
    /// add-custom (64); a key the file does not have is unknown (64).
    @Test func settingsSetTakesTheFileKeys() async throws {
        let session = try CLI.Session()
        for key in Self.fileKeys {
            // Too long to be a facility name, and no value of any other key.
            let result = try await session.run("settings", "set", key, "not a value!" + String(repeating: "x", count: 100))
            if key == NativeSettings.Key.customServers.rawValue {
                #expect(result.exitCode == 64 && result.standardError.contains("settings add-custom"), "\(result)")
            } else {
                #expect(result.exitCode == 1, "\(key): \(result)")
            }
        }
        let unknown = try await session.run("settings", "set", "no_such_key", "1")
        #expect(unknown.exitCode == 64, "\(unknown)")
        #expect(session.settingsBytes() == nil, "nothing written")
    }
}
