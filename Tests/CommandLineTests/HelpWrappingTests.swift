import Foundation
import Localization
import Testing
import TestSupport

/// `--help` is wrapped at the terminal's width (`COLUMNS`); an exit code and its meaning
/// ("64 usage error") are one unit a person reads together, and no width splits one across
/// lines ("64 usage" / "error,").
@Suite("--help never breaks an exit code from its meaning")
struct HelpWrappingTests {
    static let widths = [40, 50, 60, 72, 80, 90, 100, 120]

    @Test("each exit code stays on one line with its meaning, at every width", arguments: AppLanguage.allCases)
    func exitCodesStayWhole(language: AppLanguage) async throws {
        let units = Self.exitCodeUnits(CLI.text(language, "cli.help.discussion"))
        #expect(units.count == 5, "\(units)")
        let session = try CLI.Session(lang: CLI.lang(for: language))
        for width in Self.widths {
            let help = try await session.run("--help", environment: ["COLUMNS": String(width)])
            #expect(help.exitCode == 0, "\(help)")
            let lines = help.standardOutput.split(separator: "\n").map(String.init)
            for unit in units {
                #expect(lines.contains { $0.contains(unit) }, "\(width) columns: \"\(unit)\" is broken\n\(help.standardOutput)")
            }
        }
    }

    @Test("the unit reader finds every code with its words")
    func reader() {
        #expect(Self.exitCodeUnits("Exit codes: 0 success, 1 failure or invalid input, 64 usage error,\n128+N after signal N.")
                == ["0 success", "1 failure or invalid input", "64 usage error", "128+N after signal N"])
        #expect(Self.exitCodeUnits("終了コード：\n  0 成功\n  64 使い方の誤り") == ["0 成功", "64 使い方の誤り"])
    }

    /// "64 usage error": a number (or `128+N`) followed by its words, up to a comma, a full
    /// stop or the end of the line.
    static func exitCodeUnits(_ text: String) -> [String] {
        let pattern = /(?:^|[\s:：,、，])(\d+(?:\+N)? [^,、，。.\n]+)/.anchorsMatchLineEndings()
        return text.matches(of: pattern).map { String($0.output.1).trimmingCharacters(in: .whitespaces) }
    }
}
