import Foundation
import Localization
import Testing
import TestSupport

/// Bad input to `report` and `incident note` (SPEC §16, issue 29): `--from` after `--to`, an
/// unknown format, a folder that is not writable (a read-only mount: root ignores modes), an
/// `--output` that is a link to a file that is not ours, a note of 100 000 characters: each a
/// clear message in the run's language, exit 1, nothing written or lost.
@Suite("BCP report and notes: bad input")
struct BCPBadInputTests {
    @Test("refusals in three languages, nothing written", arguments: AppLanguage.allCases)
    func refusals(language: AppLanguage) async throws {
        let (session, id) = try await BCPReportStoryTests.story(lang: CLI.lang(for: language))
        let tz = BCPReportStoryTests.tz
        let range = try await session.run(arguments: ["report", "--from", "2026-11-21", "--to", "2026-11-20"], environment: tz)
        #expect(range.exitCode == 1 && range.standardOutput.isEmpty, "\(range)")
        #expect(range.standardError.contains(CLI.errorLine(language, "cli.report.bad_range", ["from": "2026-11-21", "to": "2026-11-20"])))

        let date = try await session.run("report", "--from", "2026-02-30")
        #expect(date.exitCode == 1 && date.standardError.contains(CLI.errorLine(language, "cli.report.bad_date", ["value": "2026-02-30"])))

        let format = try await session.run("report", "--format", "xlsx")
        #expect(format.exitCode == 1, "\(format)")
        #expect(format.standardError.contains(CLI.errorLine(language, "cli.report.unknown_format",
                                                            ["value": "xlsx", "formats": "md, csv, html, json"])))

        // A link to a file that is not ours: refused, the file and the link as they were.
        let decoys = session.home.path + "/decoys"
        try FileManager.default.createDirectory(atPath: decoys, withIntermediateDirectories: true)
        try "precious\n".write(toFile: decoys + "/passwd", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: decoys + "/report.md", withDestinationPath: decoys + "/passwd")
        let link = try await session.run("report", "--output", decoys + "/report.md")
        #expect(link.exitCode == 1, "\(link)")
        #expect(link.standardError.contains(CLI.errorLine(language, "cli.report.not_ours", ["path": decoys + "/report.md"])))
        #expect(try String(contentsOfFile: decoys + "/passwd", encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: decoys + "/report.md") == decoys + "/passwd")

        // A folder that is missing.
        let missing = try await session.run("report", "--output", decoys + "/nowhere/report.md")
        #expect(missing.exitCode == 1)
        #expect(missing.standardError.contains(CLI.errorLine(language, "cli.report.folder_not_writable", ["folder": decoys + "/nowhere"])))
        #expect(!FileManager.default.fileExists(atPath: decoys + "/nowhere"))

        // A note of 100 000 characters: refused whole, nothing saved.
        // ASCII: one argument may hold at most 128 KiB (MAX_ARG_STRLEN).
        let long = String(repeating: "a", count: 100_000)
        let note = try await session.run("incident", "note", String(id), long)
        #expect(note.exitCode == 1, "\(note.standardError.prefix(300))")
        #expect(note.standardError.contains(CLI.errorLine(language, "cli.incident.note_too_long", ["length": "100000", "max": "2000"])))
        let unknown = try await session.run("incident", "note", "9999", "x")
        #expect(unknown.exitCode == 1 && unknown.standardError.contains(CLI.errorLine(language, "cli.incident.unknown", ["id": "9999"])))
        let listed = try CLI.array(try await session.run("incidents", "--since", "2026-11-01", "--json").standardOutput)
        #expect((listed.first?["notes"] as? [Any])?.isEmpty == true, "nothing was saved")
    }

    /// A read-only mount stands for a folder that is not writable (root ignores file modes).
    @Test func aFolderThatIsNotWritable() async throws {
        let session = try CLI.Session()
        let folder = session.home.path + "/readonly"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard await ShellCommand.run(detached: "mount -t tmpfs -o size=64k,ro tmpfs '\(folder)' 2>/dev/null") == 0 else {
            Issue.record("this test needs to mount a tmpfs (root)")
            return
        }
        defer { _ = ShellCommand.run("umount '\(folder)'") }
        let result = try await session.run("report", "--output", folder + "/report.md")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains(CLI.errorLine(.en, "cli.report.folder_not_writable", ["folder": folder])))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
