import Localization
import PropertyBased
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

@Suite("Update properties")
struct UpdatePropertyTests {
    /// The invariants every UI state keeps after an event.
    static func checkInvariants(_ ui: ScreenState, _ settings: SettingsState, _ context: String) {
        #expect(ScreenState.languages(settings).indices.contains(ui.languageRow(settings)), "language cursor \(context)")
        #expect((0..<ScreenState.paneRowCount(settings)).contains(ui.paneRow(settings)), "pane cursor \(context)")
        #expect(ui.isSettingsPaneOpen == ui.focus(settings).isInPane,
                "focus \(ui.focus(settings)) with pane \(ui.isSettingsPaneOpen) \(context)")
        #expect((0...ui.addressField.text.count).contains(ui.addressField.cursor), "field cursor \(context)")
        #expect((0...ui.caBundleField.text.count).contains(ui.caBundleField.cursor), "CA cursor \(context)")
        #expect(ui.helpScroll >= 0, "help scroll \(context)")
        #expect(ui.focus(settings) != .notices || !settings.notices.isEmpty, "focus on absent notices \(context)")
    }

    @Test("random key sequences never crash and keep every index in range, while the store changes")
    func randomKeys() async {
        await propertyCheck(count: 200, input: UIGen.sessions) { session in
            var ui = ScreenState(settings: session.settings[0])
            for (index, key) in session.keys.enumerated() {
                let settings = session.settings[index % session.settings.count]
                var state = AppState(settings: settings, screen: ui)
                _ = AppReducer.reduce(&state, .key(key, at: 0))
                ui = state.screen
                Self.checkInvariants(ui, state.settings, "after \(key) (\(index)), settings as the reducer left them")
                Self.checkInvariants(ui, settings, "after \(key) (\(index))")
            }
        }
    }

    @Test("printable keys never produce commands while a text field has focus")
    func lettersTypeInTextFields() async {
        let input = zip(Gen<Int>.int(in: 0...2), UIGen.sessions)
        await propertyCheck(count: 200, input: input) { field, session in
            var settings = session.settings[0]
            var ui = ScreenState(settings: settings)
            switch field {
            case 0:
                settings.loginRequest = nil
                ui.isSettingsPaneOpen = true
                ui.paneFocus = .customAddress
            case 1:
                settings.loginRequest = nil
                ui.isSettingsPaneOpen = true
                ui.paneFocus = .caBundle
            default:
                settings.loginRequest = LoginRequest(serverId: settings.currentServer.id)
            }
            ui.overlay = .none

            #expect(ui.isTyping(settings))
            for key in session.keys {
                guard case .character = key else { continue }
                let before = ui
                let beforeSettings = settings
                let commands = Fixtures.press([key], &ui, &settings)
                #expect(commands.isEmpty, "\(key) gave \(commands) in field \(field)")
                #expect(ui.isTyping(settings), "\(key) left the field")
                #expect(ui.focus(settings) == before.focus(beforeSettings) && ui.overlay == before.overlay)
            }
        }
    }

    @Test("footer hints and the help overlay list the same bindings for a context")
    func footerMatchesHelp() async {
        await propertyCheck(count: 150, input: UIGen.frames) { example in
            let settings = example.model.settings
            let active = KeyContext.active(screen: example.model.screen, settings: settings)
            let footer = KeyTable.footer(for: active)
            let acting = KeyTable.bindings(in: active)
            let helpRows = KeyTable.helpSections().flatMap(\.rows)
            for hint in footer {
                #expect(acting.contains(hint.binding), "footer offers \(hint.binding.action) that does not act in \(active)")
            }
            for binding in acting {
                #expect(!binding.inFooter || footer.contains { $0.binding == binding },
                        "\(binding.action) acts in \(active) but the footer leaves it out")
                #expect(helpRows.contains(KeyTable.HelpRow(label: binding.fullLabel, helpKey: binding.helpKey)),
                        "\(binding.action) missing from help")
            }
            // And the rendered help says so, in the state's language.
            var model = example.model
            model.settings.loginRequest = nil
            model.screen.overlay = .help
            model.options.plain = false
            let frame = ScreenRenderer.render(model, width: 300, height: 100)
            let localizer = Localizer(language: settings.currentLanguage)
            let shown = Self.squeezed(Self.boxText(frame.buffer, title: localizer.text("help.title")))
            for binding in acting {
                #expect(shown.contains(Self.squeezed(localizer.text(binding.helpKey))), "\(binding.helpKey) not rendered")
                #expect(shown.contains(Self.squeezed(binding.fullLabel)), "\(binding.fullLabel) not rendered")
            }
        }
    }

    /// The text inside the box whose top edge carries `title`, row by row (without the screen
    /// around it, which shares the rows).
    static func boxText(_ buffer: CellBuffer, title: String) -> String {
        for y in 0..<buffer.height {
            let row = Array(buffer.row(y))
            let text = row.map(\.content).joined()
            guard text.contains("┌ " + title), let left = row.lastIndex(where: { $0.content == "┌" }),
                  let right = row[left...].firstIndex(where: { $0.content == "┐" }) else { continue }
            var inside = ""
            for inner in (y + 1)..<buffer.height where buffer[x: left, y: inner].content != "└" {
                inside += Array(buffer.row(inner))[(left + 1)..<right].map(\.content).joined()
            }
            return inside
        }
        return ""
    }

    static func squeezed(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "│" })
    }
}
