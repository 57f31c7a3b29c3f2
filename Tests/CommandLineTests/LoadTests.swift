import Foundation
import Testing
import TestSupport

/// Writers adding custom servers with the command line while a person saves settings.json
/// by hand in both editor styles. Nothing may be lost: every add that reported success is in
/// the file, and every hand save's marker is in the file.
///
/// Extending it: `Load.Round` takes any number of extra writers, each an async closure given
/// the round's home (the running TUI is one such writer: the lead adds it).
@Suite("Load: writers and a hand editor", .serialized)
struct LoadTests {
    static let writers = 8
    static let addsPerWriter = 25
    static let rounds = 3

    struct Outcome {
        var added: Int
        var entriesLost: [String]
        var handEdits: Int
        var handEditsLost: [String]
        var orphaned: Int
    }

    static func round(_ index: Int, extraWriters: [@Sendable (CLI.Session) async throws -> Void] = []) async throws -> Outcome {
        let session = try CLI.Session()
        try session.home.write(#"{"custom_servers": []}"#, to: "config/verbumcare/settings.json")
        let editor = HandEditor(path: session.home.settingsFile)
        editor.start()
        let succeeded = try await withThrowingTaskGroup(of: [String].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var mine: [String] = []
                    for add in 0..<addsPerWriter {
                        let address = "https://r\(index)-w\(writer)-a\(add).example.org/api"
                        let result = try await session.run("settings", "add-custom", address)
                        if result.exitCode == 0 { mine.append(address) }
                    }
                    return mine
                }
            }
            for extra in extraWriters {
                group.addTask { try await extra(session); return [] }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        editor.stop()
        let object = try #require(session.settingsObject(), "settings.json is valid JSON at the end")
        let stored = Set(object["custom_servers"] as? [String] ?? [])
        return Outcome(added: succeeded.count, entriesLost: succeeded.filter { !stored.contains($0) },
                       handEdits: editor.saved.count, handEditsLost: editor.saved.filter { object[$0] == nil },
                       orphaned: editor.orphanedInPlaceSaves)
    }

    @Test func nothingIsLostUnderLoad() async throws {
        var totals = Outcome(added: 0, entriesLost: [], handEdits: 0, handEditsLost: [], orphaned: 0)
        for index in 0..<Self.rounds {
            let outcome = try await Self.round(index)
            print("load round \(index + 1): \(outcome.added) of \(Self.writers * Self.addsPerWriter) adds succeeded, "
                  + "\(outcome.entriesLost.count) entries lost; \(outcome.handEdits) hand edits, "
                  + "\(outcome.handEditsLost.count) lost, \(outcome.orphaned) in-place saves redone")
            totals.added += outcome.added
            totals.entriesLost += outcome.entriesLost
            totals.handEdits += outcome.handEdits
            totals.handEditsLost += outcome.handEditsLost
            totals.orphaned += outcome.orphaned
        }
        print("load total: \(totals.entriesLost.count) of \(totals.added) entries lost, "
              + "\(totals.handEditsLost.count) of \(totals.handEdits) hand edits lost, "
              + "\(totals.orphaned) in-place saves redone after the app replaced the file under them")
        #expect(totals.entriesLost.isEmpty)
        #expect(totals.handEditsLost.isEmpty)
        #expect(totals.handEdits > 0, "the editor did save during the runs")
        // An add may be refused while the file is mid-save, but not most of them.
        #expect(totals.added > Self.rounds * Self.writers * Self.addsPerWriter / 2)
    }
}
