import Foundation
import PropertyBased
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

/// docs/PRODUCT.md: Terminal behaviour: no line of text on any screen starts with closing punctuation. A "line" is a run
/// of text in a row between borders and wide gaps (two or more spaces), where columns part.
@Suite("Kinsoku on screen")
struct KinsokuFrameTests {
    /// Closing marks of Japanese and Chinese text (full-width forms only: ASCII `)` or `.` may
    /// legitimately start a column, as in `).`-free key names).
    static let closing: Set<Character> = Set("、。，．！？：；）」』】〕〉》〙〗〟”’］｝")

    static func offendingLines(_ text: String) -> [String] {
        var found: [String] = []
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cleaned = String(row.map { Self.isBorder($0) ? " " : $0 })
            for segment in cleaned.components(separatedBy: "  ") {
                let trimmed = segment.drop { $0 == " " }
                if let first = trimmed.first, closing.contains(first) {
                    found.append(String(row))
                }
            }
        }
        return found
    }

    static func isBorder(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x2500...0x257F).contains($0.value) } ?? false
    }

    @Test("every golden frame")
    func goldenFrames() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: GoldenFrame.directory.path).filter { $0.hasSuffix(".txt") }
        #expect(files.count > 100)
        for file in files {
            let document = try String(contentsOf: GoldenFrame.directory.appendingPathComponent(file), encoding: .utf8)
            let frame = document.components(separatedBy: "\n--- style mask")[0]
            #expect(Self.offendingLines(frame).isEmpty, "\(file): \(Self.offendingLines(frame))")
        }
    }

    @Test("random screens, languages, sizes and states")
    func randomFrames() async {
        await propertyCheck(count: 150, input: UIGen.frames) { example in
            // Beside an overlay the screen below shows cut fragments, not lines of text.
            guard example.model.screen.activeOverlay(example.model.settings) == .none else { return }
            var model = example.model
            // Width 1 columns can only hold one character per row; kinsoku needs two.
            let width = max(example.width, 60)
            model.clock = .fixed(utcOffsetSeconds: 0)
            let text = ScreenRenderer.render(model, width: width, height: max(example.height, 16)).buffer.textDump()
            #expect(Self.offendingLines(text).isEmpty, "\(example): \(Self.offendingLines(text))")
        }
    }

    @Test("the check finds a line that starts with 。 (so it can fail)")
    func detects() {
        #expect(Self.offendingLines("│ 設定画面で行 │\n│ います。    │\n│ 。です      │").count == 1)
        #expect(Self.offendingLines("│ a  」b │").count == 1)
    }
}
