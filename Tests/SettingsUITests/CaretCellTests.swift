import Localization
import AppCore
import SettingsUI
import TerminalRendering
import Testing

/// SPEC §10.4: the caret is the terminal's own cursor on a cell drawn normally. xterm, VTE
/// terminals and alacritty draw the cursor on a reverse-video cell as invisible, so in every
/// screen, mode and language the cell under the cursor must not be reverse, and a focused text
/// field always puts the cursor somewhere.
@Suite("Caret cell")
struct CaretCellTests {
    static let modes: [(name: String, options: RenderOptions)] = [
        ("standard", RenderOptions()),
        ("plain", RenderOptions(plain: true)),
        ("ambiguous-wide", RenderOptions(metrics: DisplayWidth(options: .ambiguousWide))),
        ("plain ambiguous-wide", RenderOptions(plain: true, metrics: DisplayWidth(options: .ambiguousWide))),
    ]

    @Test("the cell under the terminal cursor is never reverse video", arguments: AppLanguage.allCases)
    func cursorCellIsNormal(language: AppLanguage) {
        for scenario in Fixtures.scenarios(language) {
            for mode in Self.modes {
                for (width, height) in GoldenTests.sizes {
                    let model = ScreenModel(state: AppState(settings: scenario.settings, screen: scenario.ui),
                                            now: Fixtures.now, options: mode.options, clock: Fixtures.clock)
                    let frame = ScreenRenderer.render(model, width: width, height: height)
                    let place = "\(scenario.name), \(mode.name), \(width)×\(height)"
                    let typing = scenario.ui.isTyping(scenario.settings)
                    if typing || mode.options.plain {
                        #expect(frame.cursor != nil, "no cursor in \(place)")
                    }
                    guard let cursor = frame.cursor else { continue }
                    let cell = frame.buffer[x: cursor.x, y: cursor.y]
                    #expect(!cell.style.attributes.contains(.reverse), "reverse cell under the cursor in \(place)")
                    #expect(!cell.isContinuation, "cursor on the second half of a wide character in \(place)")
                }
            }
        }
    }
}
