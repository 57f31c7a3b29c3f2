import AppCore
import Localization
import SettingsUI
import TerminalRendering
import Testing

/// SPEC §10.4: the Linux console shows Japanese and Chinese in English with a note; `--plain`
/// writes the newest change of status as one line of words.
@Suite("Terminal notes")
struct TerminalNotesTests {
    static func rows(_ settings: SettingsState, _ options: RenderOptions, width: Int = 100, height: Int = 30) -> [String] {
        let model = ScreenModel(state: AppState(settings: settings), now: Fixtures.now, options: options, clock: Fixtures.clock)
        let buffer = ScreenRenderer.render(model, width: width, height: height).buffer
        return (0..<buffer.height).map { buffer.row($0).map(\.content).joined() }
    }

    static func squash(_ rows: [String]) -> String {
        String(rows.joined().unicodeScalars.filter { !$0.properties.isWhitespace && !(0x2500...0x257F).contains($0.value) }
            .map(Character.init))
    }

    @Test("on the Linux console Japanese and Chinese are drawn in English, the note names the language, the list marks it",
          arguments: [AppLanguage.ja, .zhHant])
    func consoleInEnglish(language: AppLanguage) {
        let en = Localizer(language: .en)
        let rows = Self.rows(Fixtures.connected(language), RenderOptions(consoleLacksCJK: true))
        let text = rows.joined(separator: "\n")
        #expect(text.contains(en.text("ui.panel.language")), "\(text)")
        let name = en.text(language == .ja ? "ui.language_name.ja" : "ui.language_name.zh_hant")
        let note = en.text("ui.console_language_note", ["language": name, "variable": "VERBUMCARE_CONSOLE_CJK"])
        // The note wraps in the right column: compared without spaces, column by column.
        let right = Self.squash(rows.map { String($0.dropFirst(58)) })
        #expect(right.contains(Self.squash([note])), "\(text)")
        #expect(rows.contains { $0.contains("● " + language.nativeName) }, "the list marks \(language)\n\(text)")
        // Without the console, the same state is drawn in its own language and says nothing.
        let own = Self.rows(Fixtures.connected(language), RenderOptions()).joined(separator: "\n")
        #expect(!own.contains(en.text("ui.panel.language")) && !own.contains("VERBUMCARE_CONSOLE_CJK"), "\(own)")
    }

    @Test("English on the Linux console needs no note")
    func englishNeedsNoNote() {
        let text = Self.rows(Fixtures.connected(.en), RenderOptions(consoleLacksCJK: true)).joined(separator: "\n")
        #expect(!text.contains("VERBUMCARE_CONSOLE_CJK"), "\(text)")
    }

    @Test("--plain: the newest status change is the labelled row under the status, in every language", arguments: AppLanguage.allCases)
    func plainStatusLine(language: AppLanguage) {
        let text = Localizer(language: language)
        var settings = Fixtures.connected(language)
        settings.timeline = Fixtures.timeline
        let line = text.text("ui.plain.status_change", ["server": "pn51", "from": text.text("status.error"),
                                                         "to": text.text("status.connected")])
        // The lines before it: what turned the mode on, the screen, the status (PlainChrome).
        func changeRow(_ settings: SettingsState) -> String {
            let rows = Self.rows(settings, RenderOptions(plain: true))
            return rows.count > 3 ? rows[3].trimmingCharacters(in: .whitespaces) : ""
        }
        let label = text.text("ui.plain.label.change")
        let rows = Self.rows(settings, RenderOptions(plain: true))
        #expect(changeRow(settings).hasPrefix(label) && changeRow(settings).hasSuffix(line), "\(rows.joined(separator: "\n"))")
        // Boxed screens show the timeline instead.
        #expect(!Self.rows(settings, RenderOptions()).contains { $0.contains(line) })
        // A failure with its reason; the first status of a server alone.
        settings.timeline.insert(TimelineEntry(at: Fixtures.now, kind: .statusChanged, serverId: "pn51", status: .error,
                                               code: .connect), at: 0)
        let failed = text.text("ui.plain.status_with_reason", ["status": text.text("status.error"),
                                                               "reason": text.text("error.connect.short")])
        let changed = text.text("ui.plain.status_change", ["server": "pn51", "from": text.text("status.connected"), "to": failed])
        #expect(changeRow(settings).hasPrefix(label) && changeRow(settings).hasSuffix(changed))
        settings.timeline = [TimelineEntry(at: Fixtures.now, kind: .statusChanged, serverId: "pn51", status: .connected)]
        let first = text.text("ui.plain.status_now", ["server": "pn51", "to": text.text("status.connected")])
        #expect(changeRow(settings).hasPrefix(label) && changeRow(settings).hasSuffix(first))
    }
}
