// Golden frames of every screen, in three languages and three sizes.
//
// Regenerate after an intended change, then review the diff of Tests/SettingsUITests/Golden/:
//     VERBUMCARE_UPDATE_GOLDEN=1 swift test --filter SettingsUITests
// Without the variable a mismatch fails with the first differing row.
import Localization
import SettingsStore
import AppCore
import SettingsUI
import TerminalRendering
import Testing

@Suite("Golden frames")
struct GoldenTests {
    static let sizes = [(60, 16), (80, 24), (100, 30), (120, 40)]

    @Test("every screen in every language at 60×16, 80×24, 100×30 and 120×40", arguments: AppLanguage.allCases)
    func screens(language: AppLanguage) throws {
        for scenario in Fixtures.scenarios(language) {
            for (width, height) in Self.sizes {
                let model = ScreenModel(state: AppState(settings: scenario.settings, screen: scenario.ui), now: Fixtures.now, clock: Fixtures.clock)
                let frame = ScreenRenderer.render(model, width: width, height: height)
                try GoldenFrame.check(frame, name: "\(language.rawValue)-\(width)x\(height)-\(scenario.name)")
            }
        }
    }

    @Test("the sketch size, --plain and too small")
    func variants() throws {
        let settings = Fixtures.fallback(.en)
        let ui = ScreenState(settings: settings)
        let sketch = ScreenModel(state: AppState(settings: settings, screen: ui), now: Fixtures.now, clock: Fixtures.clock)
        try GoldenFrame.check(ScreenRenderer.render(sketch, width: 100, height: 30), name: "en-100x30-fallback")

        let pane = Fixtures.scenarios(.en).first { $0.name == "pane-invalid-address" }
        if let pane {
            let model = ScreenModel(state: AppState(settings: pane.settings, screen: pane.ui), now: Fixtures.now, clock: Fixtures.clock)
            try GoldenFrame.check(ScreenRenderer.render(model, width: 100, height: 30), name: "en-100x30-pane-invalid-address")
            var plainPane = model
            plainPane.options.plain = true
            try GoldenFrame.check(ScreenRenderer.render(plainPane, width: 100, height: 30), name: "en-100x30-plain-pane-invalid-address")
        }

        var unknownTerminal = sketch
        unknownTerminal.options.terminalNote = TerminalNote(requested: "xterm-kitty", used: "xterm-256color")
        try GoldenFrame.check(ScreenRenderer.render(unknownTerminal, width: 80, height: 24), name: "en-80x24-terminal-fallback")

        var plain = sketch
        plain.options.plain = true
        try GoldenFrame.check(ScreenRenderer.render(plain, width: 100, height: 30), name: "en-100x30-plain-fallback")


        try Self.paneFlows()

        for language in AppLanguage.allCases {
            let small = ScreenModel(state: AppState(settings: Fixtures.connected(language)), now: Fixtures.now, clock: Fixtures.clock)
            try GoldenFrame.check(ScreenRenderer.render(small, width: 59, height: 15), name: "\(language.rawValue)-59x15-too-small")
        }
    }

    @Test("ambiguous-wide: the main screen (with the timeline) and the pane in every language and size",
          arguments: AppLanguage.allCases)
    func ambiguousWide(language: AppLanguage) throws {
        let options = RenderOptions(metrics: DisplayWidth(options: .ambiguousWide))
        for scenario in Fixtures.scenarios(language) where ["connected", "fallback", "pane-invalid-address"].contains(scenario.name) {
            for (width, height) in Self.sizes {
                let model = ScreenModel(state: AppState(settings: scenario.settings, screen: scenario.ui), now: Fixtures.now, options: options,
                                        clock: Fixtures.clock)
                try GoldenFrame.check(ScreenRenderer.render(model, width: width, height: height),
                                      name: "\(language.rawValue)-\(width)x\(height)-ambiguous-wide-\(scenario.name)")
            }
        }
    }

    /// The pane while an address is tested, the confirmation to remove a server, and 200 servers.
    static func paneFlows() throws {
        var settings = Fixtures.connected(.en)
        var testing = ScreenState(settings: settings)
        Fixtures.press([.character("o")] + Array(repeating: .down, count: 4) + [.enter]
                       + Fixtures.type("https://ward9.example.org/api") + [.enter], &testing, &settings)
        try GoldenFrame.check(ScreenRenderer.render(ScreenModel(state: AppState(settings: settings, screen: testing), now: Fixtures.now, clock: Fixtures.clock),
                                                    width: 80, height: 24), name: "en-80x24-pane-testing-address")

        var remove = ScreenState(settings: settings)
        Fixtures.press([.character("o")] + Array(repeating: .down, count: 3) + [.delete], &remove, &settings)
        try GoldenFrame.check(ScreenRenderer.render(ScreenModel(state: AppState(settings: settings, screen: remove), now: Fixtures.now, clock: Fixtures.clock),
                                                    width: 80, height: 24), name: "en-80x24-confirm-remove")

        var crowded = Fixtures.connected(.ja)
        crowded.availableServers = ServerCatalog.availableServers(
            customAddresses: (1...200).map { "https://ward\($0).care-facility.example.org/api" }, connectionTimeoutSeconds: 10)
        var list = ScreenState(settings: crowded)
        Fixtures.press([.character("o")] + Array(repeating: .down, count: 120), &list, &crowded)
        try GoldenFrame.check(ScreenRenderer.render(ScreenModel(state: AppState(settings: crowded, screen: list), now: Fixtures.now, clock: Fixtures.clock),
                                                    width: 100, height: 30), name: "ja-100x30-pane-200-servers")
    }
}
