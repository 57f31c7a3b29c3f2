import Localization
import AppCore
import SettingsUI
import TerminalRendering
import Testing

/// SPEC §10.4 `--plain`: one column in reading order. A screen reader reads line by line, so the
/// server panel and the language list never share a line, and the panel is read before the
/// languages and the "open settings" box; every language stays on screen.
@Suite("--plain reads in order")
struct PlainReadingOrderTests {
    @Test("no row holds both the server panel and a language; the panel comes first", arguments: AppLanguage.allCases)
    func oneColumn(language: AppLanguage) {
        for scenario in Fixtures.scenarios(language) where ["connected", "error", "fallback", "testing"].contains(scenario.name) {
            for (width, height) in GoldenTests.sizes {
                let model = ScreenModel(state: AppState(settings: scenario.settings, screen: scenario.ui), now: Fixtures.now,
                                        options: RenderOptions(plain: true), clock: Fixtures.clock)
                let buffer = ScreenRenderer.render(model, width: width, height: height).buffer
                let rows = (0..<buffer.height).map { buffer.row($0).map(\.content).joined() }
                let place = "\(scenario.name) \(width)×\(height)"
                let url = scenario.settings.currentServer.baseUrl
                let panelRows = rows.indices.filter { rows[$0].contains(url) }
                let languageRows = rows.indices.filter { row in AppLanguage.allCases.contains { rows[row].contains($0.nativeName) } }
                #expect(languageRows.count == AppLanguage.allCases.count, "\(place): languages shown\n\(rows.joined(separator: "\n"))")
                #expect(Set(panelRows).isDisjoint(with: languageRows), "\(place): a row holds both\n\(rows.joined(separator: "\n"))")
                if let panel = panelRows.first, let firstLanguage = languageRows.first {
                    #expect(panel < firstLanguage, "\(place): languages before the server panel")
                }
            }
        }
    }
}
