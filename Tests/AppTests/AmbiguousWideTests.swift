import Foundation
import Testing
import TestSupport

/// docs/PRODUCT.md: Terminal behaviour, ambiguous-wide terminals: the proof runs the real binary in a pseudo-terminal under
/// pyte, a VT emulator made to draw East Asian Ambiguous characters two cells wide, as xterm does
/// with `-cjk_width` (see scripts/check-ambiguous-wide). With `VERBUMCARE_AMBIGUOUS_WIDE=1` every
/// box must stay straight on the first screen, after language switches (drawn as diffs), after
/// Ctrl-L and around the help overlay.
@Suite(.serialized)
struct AmbiguousWideTests {
    @Test("with VERBUMCARE_AMBIGUOUS_WIDE=1 the grid holds in an ambiguous-wide terminal, in each language",
          arguments: ["ja", "en", "zh-Hant"])
    func gridHolds(language: String) async throws {
        let result = try await Self.check(language: language, narrowLayout: false)
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test("without it the same terminal shows shifted rows (so the proof can fail)")
    func narrowLayoutFails() async throws {
        let result = try await Self.check(language: "ja", narrowLayout: true)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardOutput.contains("belongs") || result.standardOutput.contains("side"), "\(result)")
    }

    static func check(language: String, narrowLayout: Bool) async throws -> ProcessResult {
        let options = (narrowLayout ? ["--narrow-layout"] : []) + ["--columns", "100", "--rows", "30"]
        return try await PtyTerminalScript.run("check-ambiguous-wide", language: language, options: options)
    }
}
