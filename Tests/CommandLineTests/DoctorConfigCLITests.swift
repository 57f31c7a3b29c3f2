import Foundation
import Localization
import Testing
import TestSupport

/// `doctor`'s `config` check: copies kept aside and unknown keys are warnings with a fix, and
/// a settings file that was moved aside is not taken for "no settings file yet".
@Suite("doctor: config")
struct DoctorConfigCLITests {
    /// The `config` entries of `doctor --json`.
    static func configEntries(_ session: CLI.Session) async throws -> [[String: Any]] {
        let result = try await session.run("doctor", "--json")
        let document = try CLI.object(result.standardOutput)
        let checks = try #require(document["checks"] as? [[String: Any]])
        return checks.filter { $0["id"] as? String == "config" }
    }

    static func copies(in folder: String, of name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix(name + ".corrupt-") }.sorted().map { folder + "/" + $0 }
    }

    /// A hand edit cut short: the first command keeps it aside; `doctor` then says so, with
    /// the copy's path, and lists the copy with how to compare and remove it.
    @Test(arguments: AppLanguage.allCases)
    func aMovedAsideFileIsNamedWithItsCopy(_ language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        try session.home.write("{\"backend_server_address\": \"https://verbumcaremac-mini/api\",",
                               to: "config/verbumcare/settings.json")
        let first = try await session.run("settings", "show")
        let copy = try #require(Self.copies(in: session.home.configDirectory, of: "settings.json").first)
        #expect(first.standardError.contains(CLI.text(language, "files.moved_aside", ["file": "settings.json", "path": copy])),
                "the notice names the copy: \(first.standardError)")

        let entries = try await Self.configEntries(session)
        let settingsFile = session.home.settingsFile
        let moved = CLI.text(language, "doctor.config.moved_aside", ["file": "settings.json", "path": copy])
        let kept = CLI.text(language, "doctor.config.kept_copy", ["file": "settings.json", "path": copy])
        let keptFix = CLI.text(language, "doctor.fix.kept_copy", ["path": copy, "current": settingsFile])
        #expect(entries.contains { $0["status"] as? String == "warning" && $0["message"] as? String == moved },
                "\(entries)")
        #expect(entries.contains { $0["status"] as? String == "warning" && $0["message"] as? String == kept
                && $0["fix"] as? String == keptFix }, "\(entries)")
        #expect(!entries.contains { $0["message"] as? String == CLI.text(language, "doctor.config.absent", ["path": settingsFile]) })
    }

    @Test func everyCopyBesideBothFilesIsAWarning() async throws {
        let session = try CLI.Session()
        try session.home.write("{}", to: "config/verbumcare/settings.json")
        try session.home.write("{oops", to: "config/verbumcare/settings.json.corrupt-20250101T000000Z")
        try session.home.write("{oops", to: "config/verbumcare/settings.json.corrupt-20250102T000000Z")
        try session.home.write("[1]", to: "state/verbumcare/app-state.json.corrupt-20250103T000000Z")
        let entries = try await Self.configEntries(session)
        for (file, path) in [("settings.json", session.home.configDirectory + "/settings.json.corrupt-20250101T000000Z"),
                             ("settings.json", session.home.configDirectory + "/settings.json.corrupt-20250102T000000Z"),
                             ("app-state.json", session.home.stateDirectory + "/app-state.json.corrupt-20250103T000000Z")] {
            let said = CLI.text(.en, "doctor.config.kept_copy", ["file": file, "path": path])
            #expect(entries.contains { $0["status"] as? String == "warning" && $0["message"] as? String == said },
                    "\(path): \(entries)")
        }
        #expect(entries.contains { $0["status"] as? String == "ok" }, "settings.json itself is valid")
    }

    @Test(arguments: AppLanguage.allCases)
    func anUnknownKeyNamesTheKeyProbablyMeant(_ language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        try session.home.write("{\"conection_timeout\": 20, \"note\": \"ward 3\"}", to: "config/verbumcare/settings.json")
        let entries = try await Self.configEntries(session)
        let typo = CLI.text(language, "doctor.config.unknown_key",
                            ["file": "settings.json", "key": "conection_timeout", "suggestion": "connection_timeout"])
        let fix = CLI.text(language, "doctor.fix.rename_key",
                           ["key": "conection_timeout", "suggestion": "connection_timeout", "path": session.home.settingsFile])
        #expect(entries.contains { $0["status"] as? String == "warning" && $0["message"] as? String == typo
                && $0["fix"] as? String == fix }, "\(entries)")
        let other = CLI.text(language, "doctor.config.unknown_key_unmatched", ["file": "settings.json", "key": "note"])
        #expect(entries.contains { $0["status"] as? String == "warning" && $0["message"] as? String == other }, "\(entries)")
    }
}
