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
        keys += ["ui.pane.backend_server", "ui.pane.custom_address", "ui.pane.connection_timeout", "ui.pane.auto_switch",
                 "ui.pane.detailed_logging", "ui.pane.ca_bundle"]
        // The overlays: help, history, sign-in, the note, the confirmations.
        keys += ["ui.plain.label.dialog", "ui.plain.label.section", "ui.plain.label.key", "ui.plain.label.question",
                 "ui.plain.label.answer", "ui.plain.label.incident", "ui.plain.label.period", "ui.plain.label.note",
                 "ui.history.title", "dialog.login.username", "dialog.login.password"]
        var labels = keys.map { text.text($0) }
        labels += CheckEndpoint.allCases.map { text.text("ui.plain.label.check", ["check": text.text("check.\($0.rawValue)")]) }
        labels += (1...9).map { text.text("ui.plain.server_row", ["number": String($0)]) }
        return labels
    }

    static func model(_ scenario: Fixtures.Scenario, cause: PlainCause = .option, watch: WatchState = WatchState()) -> ScreenModel {
        ScreenModel(state: AppState(settings: scenario.settings, screen: scenario.ui, watch: watch), now: Fixtures.now,
                    options: RenderOptions(plain: true, plainCause: cause), clock: Fixtures.clock)
    }

    /// Every read line of `model` at every size starts with one of `labels` and ": ".
    static func expectLabelled(_ model: ScreenModel, _ labels: [String], _ name: String,
                               sizes: [(Int, Int)] = sizes, sourceLocation: SourceLocation = #_sourceLocation) {
        for (width, height) in sizes {
            let lines = readLines(model, width: width, height: height)
            #expect(lines.count > 5, "\(name) \(width)×\(height)", sourceLocation: sourceLocation)
            for line in lines where !labels.contains(where: { line.hasPrefix($0 + ": ") }) {
                Issue.record("\(name) \(width)×\(height): no label: \"\(line)\"\n\(lines.joined(separator: "\n"))",
                             sourceLocation: sourceLocation)
            }
        }
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

    @Test("the pane's rows are never cut: a sentence too long for the screen goes on in rows with its label",
          arguments: AppLanguage.allCases)
    func paneRowsWrapWhole(language: AppLanguage) throws {
        let text = Localizer(language: language)
        let scenario = try #require(Fixtures.scenarios(language).first { $0.name == "pane-invalid-address" })
        for width in [60, 72, 80, 100] {
            let lines = Self.readLines(Self.model(scenario), width: width, height: 40)
            for (index, server) in scenario.settings.availableServers.enumerated() {
                let label = text.text("ui.plain.server_row", ["number": String(index + 1)]) + ": "
                let rows = lines.filter { $0.hasPrefix(label) }
                // "…" ends a row only as the end of "Testing…", never as a cut.
                let testing = text.text("status.testing")
                #expect(!rows.isEmpty && rows.allSatisfy { !$0.hasSuffix("…") || $0.hasSuffix(testing) }, "width \(width): \(rows)")
                // Read on, row after row, the sentence holds the server's whole address.
                let words = rows.map { String($0.dropFirst(label.count)) }.joined(separator: " ")
                #expect(words.replacingOccurrences(of: " ", with: "").contains(server.baseUrl), "width \(width): \(rows)")
            }
        }
    }
}

/// The pane's options and the overlays (help, history, sign-in, the note, the confirmations)
/// read as labelled lines too: one item a line, its label first, in the three languages.
extension PlainLabelsTests {
    typealias F = Fixtures
    static let overlaySizes = [(100, 30), (80, 24), (160, 45), (60, 20)]

    @Test("the pane with its options: one labelled line each, the cursor on the focused one", arguments: AppLanguage.allCases)
    func paneOptions(language: AppLanguage) throws {
        let text = Localizer(language: language)
        var settings = F.connected(language)
        var ui = ScreenState(settings: settings)
        F.press([.character("o")], &ui, &settings)
        Self.expectLabelled(Self.model(.init(name: "pane", settings: settings, ui: ui)), Self.labels(language),
                            "\(language) pane", sizes: Self.overlaySizes)
        let lines = Self.readLines(Self.model(.init(name: "pane", settings: settings, ui: ui)), width: 160, height: 45)
        let timeout = text.text("ui.pane.connection_timeout") + ": " + text.text("ui.pane.seconds", ["seconds": "10"])
        #expect(lines.contains(timeout), "\(lines)")
        for key in ["ui.pane.auto_switch", "ui.pane.detailed_logging", "ui.pane.ca_bundle"] {
            #expect(lines.filter { $0.hasPrefix(text.text(key) + ": ") }.count == 1, "\(key): \(lines)")
        }
        // Tab to each option: the cursor sits at the start of its own line.
        for _ in 0..<8 {
            F.press([.tab], &ui, &settings)
            let model = Self.model(.init(name: "pane", settings: settings, ui: ui))
            let frame = ScreenRenderer.render(model, width: 100, height: 30)
            let focus = ui.focus(settings)
            guard let key = [FocusArea.connectionTimeout: "ui.pane.connection_timeout", .autoSwitch: "ui.pane.auto_switch",
                             .detailedLogging: "ui.pane.detailed_logging"][focus] else { continue }
            let cursor = try #require(frame.cursor, "\(focus)")
            let row = frame.buffer.row(cursor.y).map(\.content).joined()
            #expect(cursor.x == 0 && row.hasPrefix(text.text(key) + ": "), "\(focus): \(row)")
        }
    }

    @Test("the chosen server's row reads its name, then 'chosen' as a word of the list", arguments: AppLanguage.allCases)
    func chosenRow(language: AppLanguage) throws {
        let text = Localizer(language: language)
        var settings = F.connected(language)
        var ui = ScreenState(settings: settings)
        F.press([.character("o")], &ui, &settings)
        let lines = Self.readLines(Self.model(.init(name: "pane", settings: settings, ui: ui)), width: 250, height: 45)
        let chosen = try #require(settings.availableServers.first { $0.id == settings.currentServer.id })
        let name = ServerNames.name(chosen, localizer: text)
        let rowLabels = (1...9).map { text.text("ui.plain.server_row", ["number": String($0)]) + ": " }
        let row = try #require(lines.first { line in line.contains(name) && rowLabels.contains { line.hasPrefix($0) } }, "\(lines)")
        // "pn51 (Default), chosen, …": the word is an item of the list, not a second parenthesis.
        let pair = text.text("ui.plain.list_pair", ["first": "", "second": text.text("ui.plain.chosen_word")])
        #expect(row.contains(pair), "\(row)")
        #expect(!row.contains(text.text("ui.plain.chosen", ["name": ""])), "\(row)")
    }

    @Test("help: one labelled line a binding, 'Key: ? — …'", arguments: AppLanguage.allCases)
    func helpOverlay(language: AppLanguage) throws {
        let text = Localizer(language: language)
        let scenario = try #require(F.scenarios(language).first { $0.name == "help" })
        Self.expectLabelled(Self.model(scenario), Self.labels(language), "\(language) help", sizes: Self.overlaySizes)
        let lines = Self.readLines(Self.model(scenario), width: 160, height: 45)
        let first = try #require(KeyTable.helpSections().first?.rows.first)
        let expected = text.text("ui.plain.label.key") + ": " + first.label + " — " + text.text(first.helpKey)
        #expect(lines.contains { $0.hasPrefix(expected) }, "\(expected)\n\(lines.joined(separator: "\n"))")
    }

    @Test("history: 'Incident: …' sentences, the selected one under the cursor", arguments: AppLanguage.allCases)
    func historyOverlay(language: AppLanguage) throws {
        let text = Localizer(language: language)
        var settings = F.connected(language)
        var ui = ScreenState(settings: settings)
        F.press([.character("h")], &ui, &settings)
        let start = Int64(F.now - 7_200) * 1000
        let incident = Incident(id: 1, serverId: "mac-mini", start: start, end: start + 93_000,
                                reason: IncidentReason(code: "fallback", params: ["reason": "timeout"], message: ""))
        var watch = WatchState()
        watch.history = HistorySummary(figures: [:], incidents: [incident], at: F.now)
        let model = Self.model(.init(name: "history", settings: settings, ui: ui), watch: watch)
        Self.expectLabelled(model, Self.labels(language), "\(language) history", sizes: Self.overlaySizes)
        Self.expectLabelled(Self.model(.init(name: "history", settings: settings, ui: ui)), Self.labels(language),
                            "\(language) history empty", sizes: Self.overlaySizes)
        let frame = ScreenRenderer.render(model, width: 160, height: 45)
        let cursor = try #require(frame.cursor)
        let row = frame.buffer.row(cursor.y).map(\.content).joined()
        #expect(row.hasPrefix(text.text("ui.plain.label.incident") + ": "), "\(row)")
        // The note's field over it (`n` writes on the selected incident).
        var state = AppState(settings: settings, screen: ui, watch: watch)
        for key in [Key.character("n")] + F.type("ok") {
            _ = AppReducer.reduceTracing(&state, .key(key, at: F.now))
        }
        #expect(state.screen.noteField != nil)
        Self.expectLabelled(Self.model(.init(name: "note", settings: state.settings, ui: state.screen), watch: watch),
                            Self.labels(language), "\(language) note", sizes: Self.overlaySizes)
    }

    @Test("sign-in: 'User name: [field]', 'Password: [field]', every line labelled", arguments: AppLanguage.allCases)
    func signIn(language: AppLanguage) throws {
        let text = Localizer(language: language)
        let scenario = try #require(F.scenarios(language).first { $0.name == "login" })
        Self.expectLabelled(Self.model(scenario), Self.labels(language), "\(language) login", sizes: Self.overlaySizes)
        let lines = Self.readLines(Self.model(scenario), width: 100, height: 30)
        #expect(lines.contains { $0.hasPrefix(text.text("dialog.login.username") + ": ") && $0.contains("nurse.admin") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(text.text("dialog.login.password") + ": ") && !$0.contains("secret") }, "\(lines)")
    }

    @Test("a confirmation: 'Question: …', the answers one a line, the cursor on the focused one", arguments: AppLanguage.allCases)
    func confirm(language: AppLanguage) throws {
        let text = Localizer(language: language)
        var settings = F.connected(language)
        var ui = ScreenState(settings: settings)
        F.press([.character("o")] + Array(repeating: .down, count: 3) + [.delete], &ui, &settings)
        let model = Self.model(.init(name: "confirm", settings: settings, ui: ui))
        Self.expectLabelled(model, Self.labels(language), "\(language) confirm", sizes: Self.overlaySizes)
        let lines = Self.readLines(model, width: 100, height: 30)
        #expect(lines.contains { $0.hasPrefix(text.text("ui.plain.label.question") + ": ") }, "\(lines)")
        let frame = ScreenRenderer.render(model, width: 100, height: 30)
        let cursor = try #require(frame.cursor)
        let row = frame.buffer.row(cursor.y).map(\.content).joined()
        #expect(row.hasPrefix(text.text("ui.plain.label.answer") + ": " + text.text("dialog.confirm.no")), "\(row)")
    }
}
