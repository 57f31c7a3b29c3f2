import AppCore
import PropertyBased
import SettingsUI
import TerminalRendering
import TestSupport
import Testing

private typealias F = Fixtures

/// Views are pure draws from their models (docs/ARCHITECTURE.md: Drawing): whatever the drawing
/// path keeps (the memo's regions, the footer's cache) is its own, so a model drawn again,
/// without a memo and after any other frames, gives the cells it gave the first time.
@Suite struct PureViewTests {
    @Test("any story's frames, drawn again without a memo after all the others, are the frames drawn the first time")
    func aModelDrawnAgainGivesTheSameCells() async {
        await propertyCheck(count: 100, input: MemoStory.stories) { story in
            var state = story.start
            var now = F.now
            var size = story.size
            var options = story.options
            var drawn: [(model: ScreenModel, columns: Int, rows: Int, frame: RenderedFrame)] = []
            for step in story.steps {
                step.apply(to: &state, now: &now, size: &size, options: &options)
                let model = ScreenModel(state: state, now: now, options: options, clock: F.clock)
                drawn.append((model, size.columns, size.rows, ScreenRenderer.render(model, width: size.columns, height: size.rows)))
            }
            var mismatch: String?
            for (index, first) in drawn.enumerated().reversed() {
                let again = ScreenRenderer.render(first.model, width: first.columns, height: first.rows)
                if again != first.frame {
                    mismatch = "frame \(index) drawn again:\n\(again.buffer.textDump())\nthe first time:\n\(first.frame.buffer.textDump())"
                    break
                }
            }
            #expect(mismatch == nil, "\(story)\n\(mismatch ?? "")")
        }
    }
}
