import AppCore
import PropertyBased
@testable import SettingsUI
import TerminalRendering
import TestSupport
import Testing

/// Views are pure draws from their models (docs/ARCHITECTURE.md: Drawing): whatever the drawing
/// path keeps (the memo's regions, the footer's cache) is its own, so a model drawn again,
/// without a memo and after any other frames, gives the cells it gave the first time, and what
/// the drawing path's cache answers is what the view would work out.
@Suite struct PureViewTests {
    @Test("any story's frames, drawn again without a memo after all the others, are the frames drawn the first time")
    func aModelDrawnAgainGivesTheSameCells() async {
        await propertyCheck(count: 100, input: MemoStory.stories) { story in
            var drawn: [(model: ScreenModel, columns: Int, rows: Int, frame: RenderedFrame)] = []
            story.replay { _, _, model, size in
                drawn.append((model, size.columns, size.rows, ScreenRenderer.render(model, width: size.columns, height: size.rows)))
                return true
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

    @Test("any story: the footer the drawing path keeps is the footer fitted afresh, in the model's language and width")
    func theFooterCacheAnswersWhatFittingGives() async {
        await propertyCheck(count: 100, input: MemoStory.stories) { story in
            var mismatch: String?
            story.replay { index, step, model, size in
                let canvas = Canvas(model: model, width: size.columns, height: size.rows, memo: FrameMemo(keeps: false))
                let active = KeyContext.active(screen: canvas.ui, settings: canvas.settings)
                for width in [size.columns - 5, size.columns / 2] {
                    let kept = ScreenLayout.footer(canvas, width: width)
                    let fitted = ChromeView.fittedHints(canvas, active: active, width: width)
                    if kept != fitted {
                        mismatch = "after step \(index) (\(step)), width \(width): kept \(kept.line.text), fitted \(fitted.line.text)"
                    }
                }
                return mismatch == nil
            }
            #expect(mismatch == nil, "\(story)\n\(mismatch ?? "")")
        }
    }
}
