import Foundation
import Localization
import SettingsStore
import TestSupport
import Testing

/// A typo in settings.json (`conection_timeout`) is told where the person looks: the app's
/// notice names the key and the key probably meant, and goes when the file is corrected.
@Suite("Unknown keys in settings.json (loop)", .serialized)
@MainActor
struct UnknownKeyNoticeTests {
    @Test("the notice names the unknown key and the key meant, and goes when the file is fixed",
          arguments: AppLanguage.allCases)
    func typoIsNoticedAndWithdrawn(language: AppLanguage) async throws {
        let (demo, rig) = try await LoopStoryTests.connected(language: language, settings: ["conection_timeout": 20])
        defer { rig.stop(); demo.stop() }
        let expected = AppError(key: "files.unknown_key",
                                parameters: ["file": "settings.json", "field": "conection_timeout",
                                             "suggestion": "connection_timeout"])
        #expect(rig.state.notices.contains { $0.message == expected && $0.kind == .warning }, "\(rig.state.notices)")
        let words = LoopStoryTests.worded(expected, rig)
        #expect(words.contains("conection_timeout") && words.contains("connection_timeout"))
        #expect(await rig.frame { LoopStoryTests.shows($0, words) } != nil, "\(rig.screen.text)")
        // The person corrects the key: the notice goes with the next read of the file.
        try LoopRig.writeJSON(["probe_interval": 2, "connection_timeout": 20], to: rig.paths.settingsFile)
        #expect(await rig.settle { !$0.notices.contains { $0.message.key == "files.unknown_key" } }, "\(rig.state.notices)")
        #expect(rig.state.connectionTimeout == 20)
    }
}
