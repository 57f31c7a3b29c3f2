import Localization
import PropertyBased
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

@Suite("Rendering properties")
struct RenderPropertyTests {
    @Test("any state at any size: every row exactly fills the grid and no wide character is split")
    func framesStayInsideTheGrid() async {
        await propertyCheck(count: 300, input: UIGen.frames) { example in
            let frame = ScreenRenderer.render(example.model, width: example.width, height: example.height)
            let buffer = frame.buffer
            #expect(buffer.width == max(0, example.width) && buffer.height == max(0, example.height))
            let metrics = example.model.options.metrics
            let text = buffer.textDump().split(separator: "\n", omittingEmptySubsequences: false)
            for y in 0..<buffer.height {
                let row = Array(buffer.row(y))
                #expect(row.reduce(0) { $0 + Int($1.width) } == buffer.width, "row \(y) of \(example)")
                for (x, cell) in row.enumerated() {
                    if cell.width == 2 {
                        #expect(x + 1 < row.count && row[x + 1].isContinuation, "wide cell without its half at \(x),\(y)")
                    }
                    if cell.isContinuation {
                        #expect(x > 0 && row[x - 1].width == 2, "orphan continuation at \(x),\(y)")
                    }
                    #expect(cell.width == 0 || metrics.width(of: cell.content) == Int(cell.width), "cell \(x),\(y)")
                }
                #expect(metrics.width(of: text[y]) == buffer.width, "text row \(y) of \(example)")
            }
            if let cursor = frame.cursor {
                #expect(buffer.bounds.contains(x: cursor.x, y: cursor.y), "cursor outside the grid: \(example)")
            }
        }
    }

    @Test("no control characters or escape sequences reach the grid, whatever the state holds")
    func noControlCharacters() async {
        await propertyCheck(count: 100, input: UIGen.frames) { example in
            let buffer = ScreenRenderer.render(example.model, width: example.width, height: example.height).buffer
            let hasControl = buffer.cells.contains { cell in
                cell.content.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            }
            #expect(!hasControl, "\(example)")
        }
    }

    @Test("the status indicator is on every screen of the minimum size or larger")
    func statusOnEveryScreen() async {
        await propertyCheck(count: 100, input: UIGen.frames) { example in
            guard example.width >= 80, example.height >= ScreenRenderer.minimumHeight else { return }
            let settings = example.model.settings
            let buffer = ScreenRenderer.render(example.model, width: example.width, height: example.height).buffer
            let rows = buffer.textDump().split(separator: "\n").map(String.init)
            // `--plain`: the status has a line of its own, after what the mode is and the screen's name.
            let top = example.model.options.plain ? rows.prefix(3).joined(separator: "\n") : rows.first ?? ""
            let key = settings.isUnchecked ? "status.not_checked" : "status.\(settings.connectionStatus.rawValue)"
            let word = Localizer(language: settings.currentLanguage).text(key)
            #expect(top.contains(word), "status word missing from the top row: \(example)")
        }
    }
}
