import Localization
import AppCore
import SettingsUI
import TerminalRendering
import Testing

/// Texts that are cut say so in words: notices that do not fit end with "and N more" (N the
/// notices not shown at all), and the too-small message fits its own width instead of cutting
/// off the size it needs.
@Suite("Cut texts say what is cut")
struct CutTextTests {
    @Test("more notices than rows: the last row says how many are hidden", arguments: AppLanguage.allCases)
    func noticesMore(language: AppLanguage) {
        var settings = Fixtures.connected(language)
        let total = 9
        settings.notices = (1...total).map { index in
            Notice(subject: .server("ward\(index)"), kind: .warning,
                   message: AppError(key: "notice.switch_back_offer", parameters: ["server": "ward\(index)"]),
                   condition: .untilDismissed, postedAt: Fixtures.now - Double(index))
        }
        let localizer = Localizer(language: language)
        for (width, height) in [(60, 16), (80, 24), (100, 30)] {
            let model = ScreenModel(state: AppState(settings: settings), now: Fixtures.now, clock: Fixtures.clock)
            let text = ScreenRenderer.render(model, width: width, height: height).buffer.textDump()
            let visible = (1...total).filter { text.contains("ward\($0)") }.count
            let hidden = total - visible
            #expect(hidden > 0, "the screen should not hold \(total) notices at \(width)×\(height)")
            let more = localizer.text("ui.notices_more", ["count": String(hidden)])
            #expect(text.contains(more), "\(width)×\(height): expected \(more)\n\(text)")
        }
    }

    @Test("the too-small message is never cut: the whole sentence or the size needed", arguments: AppLanguage.allCases)
    func tooSmallFits(language: AppLanguage) {
        let localizer = Localizer(language: language)
        for width in 20...59 {
            for height in [1, 8, 15] {
                let model = ScreenModel(state: AppState(settings: Fixtures.connected(language)), now: Fixtures.now)
                let buffer = ScreenRenderer.render(model, width: width, height: height).buffer
                let row = buffer.row(height / 2).map(\.content).joined().trimmingCharacters(in: .whitespaces)
                let parameters = ["cols": String(width), "rows": String(height), "minCols": "60", "minRows": "16"]
                let full = localizer.text("ui.too_small", parameters)
                let short = localizer.text("ui.too_small_short", parameters)
                #expect(row == full || row == short, "\(width)×\(height): \(row)")
                #expect(!row.contains("…"), "\(width)×\(height): \(row)")
            }
        }
    }
}
