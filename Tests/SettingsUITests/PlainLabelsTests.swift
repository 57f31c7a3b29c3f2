import AppCore
import Localization
import SettingsUI
import TerminalRendering
import Testing

/// SPEC §10.4 `--plain`, read as a screen reader reads it: line by line. Every line starts with
/// its label in the language in use and ": "; the first line says the mode is on and what
/// turned it on; choices are numbered and the number is the key that chooses; tables (check
/// rows, pane rows, history) are sentences, one a line.
@Suite("--plain: every line has its label, choices have numbers")
struct PlainLabelsTests {
    static let sizes = [(100, 30), (80, 24), (160, 45)]

    /// The frame's rows as a screen reader gets them: trailing blanks cut, blank rows skipped.
    static func readLines(_ model: ScreenModel, width: Int, height: Int) -> [String] {
        let buffer = ScreenRenderer.render(model, width: width, height: height).buffer
        return (0..<buffer.height).map { buffer.row($0).map(\.content).joined() }
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
    }

    /// The labels a line may start with, in `language`: the catalog's words for them.
    static func labels(_ language: AppLanguage) -> [String] {
        let text = Localizer(language: language)
        var keys = ["ui.plain.label.mode", "ui.plain.label.screen", "ui.plain.label.change", "ui.plain.label.keys",
                    "ui.plain.label.server", "ui.plain.label.description", "ui.plain.label.address", "ui.plain.label.source",
                    "ui.plain.label.switch", "ui.plain.label.button", "ui.plain.label.event", "ui.status", "ui.checked",
                    "ui.panel.language", "ui.panel.open_settings", "ui.panel.history", "ui.panel.alerts",
                    "ui.panel.certificate", "ui.error_label", "ui.warning_label", "ui.good_news_label", "ui.info_label"]
        keys += ["ui.pane.backend_server", "ui.pane.custom_address"]
        var labels = keys.map { text.text($0) }
        labels += CheckEndpoint.allCases.map { text.text("ui.plain.label.check", ["check": text.text("check.\($0.rawValue)")]) }
        labels += (1...9).map { text.text("ui.plain.server_row", ["number": String($0)]) }
        return labels
    }

    static func model(_ scenario: Fixtures.Scenario, cause: PlainCause = .option) -> ScreenModel {
        ScreenModel(state: AppState(settings: scenario.settings, screen: scenario.ui), now: Fixtures.now,
                    options: RenderOptions(plain: true, plainCause: cause), clock: Fixtures.clock)
    }

    @Test("the main screen: every line starts with a label of the language in use", arguments: AppLanguage.allCases)
    func everyLineHasALabel(language: AppLanguage) {
        let labels = Self.labels(language)
        for scenario in Fixtures.scenarios(language) where ["connected", "testing", "error", "fallback", "switching"].contains(scenario.name) {
            for (width, height) in Self.sizes {
                let lines = Self.readLines(Self.model(scenario), width: width, height: height)
                #expect(lines.count > 10)
                for line in lines {
                    let labelled = labels.contains { line.hasPrefix($0 + ": ") }
                    #expect(labelled, "\(language) \(scenario.name) \(width)×\(height): no label: \"\(line)\"\n\(lines.joined(separator: "\n"))")
                }
            }
        }
    }

    @Test("the first line says the mode is on and what turned it on", arguments: AppLanguage.allCases)
    func firstLineNamesTheCause(language: AppLanguage) throws {
        let text = Localizer(language: language)
        let scenario = try #require(Fixtures.scenarios(language).first { $0.name == "connected" })
        for cause in [PlainCause.option, .accessible] {
            let first = Self.readLines(Self.model(scenario, cause: cause), width: 100, height: 30).first
            let expected = text.text("ui.plain.label.mode") + ": " + text.text("ui.plain.mode_on.\(cause.rawValue)")
            #expect(first == expected)
        }
        #expect(text.text("ui.plain.mode_on.option").contains("--plain"))
        #expect(text.text("ui.plain.mode_on.accessible").contains("ACCESSIBLE"))
        #expect(text.text("ui.plain.mode_on.line_mode", ["term": "dumb"]).contains("TERM=dumb"))
    }

    @Test("the languages are numbered 1 2 3, the keys that choose them; the pane's rows are numbered too, and the number chooses",
          arguments: AppLanguage.allCases)
    func numberedChoices(language: AppLanguage) throws {
        let text = Localizer(language: language)
        var settings = Fixtures.connected(language)
        var ui = ScreenState(settings: settings)
        let main = Self.readLines(Self.model(.init(name: "main", settings: settings, ui: ui)), width: 100, height: 30)
        for (index, choice) in AppLanguage.allCases.enumerated() {
            let row = main.first { $0.contains(choice.nativeName) }
            #expect(row?.hasPrefix(text.text("ui.panel.language") + ": \(index + 1) \(choice.nativeName)") == true, "\(main)")
        }
        // The pane: "Server 3: Mac Mini Tailscale, …"; 3 chooses it.
        Fixtures.press([.character("o")], &ui, &settings)
        let pane = Self.readLines(Self.model(.init(name: "pane", settings: settings, ui: ui)), width: 100, height: 30)
        for (index, server) in settings.availableServers.enumerated() {
            let label = text.text("ui.plain.server_row", ["number": String(index + 1)]) + ": "
            let row = pane.first { $0.hasPrefix(label) }
            #expect(row?.dropFirst(label.count).hasPrefix(ServerNames.name(server, localizer: text)) == true, "\(pane)")
        }
        let target = settings.availableServers[2]
        let commands = Fixtures.press([.character("3")], &ui, &settings)
        #expect(commands.contains(.selectServer(id: target.id)), "\(commands)")
        // The language keys stay 1 2 3 on the main screen.
        var mainSettings = Fixtures.connected(language)
        var mainUI = ScreenState(settings: mainSettings)
        Fixtures.press([.character("2")], &mainUI, &mainSettings)
        #expect(mainSettings.currentLanguage == .en)
    }

    @Test("check rows, pane rows and the history are sentences: one line each, label first", arguments: AppLanguage.allCases)
    func tablesAreSentences(language: AppLanguage) throws {
        let text = Localizer(language: language)
        let scenario = try #require(Fixtures.scenarios(language).first { $0.name == "connected" })
        let lines = Self.readLines(Self.model(scenario), width: 160, height: 45)
        let health = text.text("ui.plain.label.check", ["check": text.text("check.health")]) + ": "
        let row = try #require(lines.first { $0.hasPrefix(health) }, "\(lines)")
        #expect(row.contains(text.text("check.ok")) && row.contains("200"), "\(row)")
        let history = lines.filter { $0.hasPrefix(text.text("ui.panel.history") + ": ") }
        #expect(!history.isEmpty, "\(lines)")
    }
}

extension PlainLabelsTests {
    @Test("the pane: the list's heading, its rows and the address field start with their labels", arguments: AppLanguage.allCases)
    func paneLines(language: AppLanguage) throws {
        let text = Localizer(language: language)
        let scenario = try #require(Fixtures.scenarios(language).first { $0.name == "pane-invalid-address" })
        let lines = Self.readLines(Self.model(scenario), width: 100, height: 30)
        let heading = text.text("ui.pane.backend_server") + ": " + text.text("ui.plain.numbers_choose")
        #expect(lines.contains(heading), "\(lines)")
        let rows = lines.filter { line in (1...9).contains { line.hasPrefix(text.text("ui.plain.server_row", ["number": String($0)]) + ": ") } }
        #expect(rows.count == scenario.settings.availableServers.count + 1, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(text.text("ui.pane.custom_address") + ": [ http://ward4.local/api") }, "\(lines)")
        #expect(lines.allSatisfy { !$0.hasPrefix(" ") }, "a line starts with a blank: \(lines)")
    }
}
