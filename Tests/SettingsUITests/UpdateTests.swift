import Localization
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

@Suite("Update function")
struct UpdateTests {
    typealias F = Fixtures

    /// The settings with the runtime's answer to language and add commands applied.
    static func applying(_ commands: [UICommand], to settings: SettingsState) -> SettingsState {
        var settings = settings
        for command in commands {
            switch command {
            case .setLanguage(let language):
                settings.currentLanguage = language
            case .addCustomServer(let address):
                if let server = ServerCatalog.customServer(address: address, connectionTimeoutSeconds: 10) {
                    settings.availableServers.append(server)
                }
            default:
                break
            }
        }
        return settings
    }

    /// The pane opened and the cursor on "Add Custom Server...", Enter pressed.
    static func inAddressField(_ settings: inout SettingsState) -> ScreenState {
        var ui = ScreenState(settings: settings)
        F.press([.character("o")], &ui, &settings)
        F.press(Array(repeating: .down, count: settings.availableServers.count), &ui, &settings)
        F.press([.enter], &ui, &settings)
        return ui
    }

    @Test("l cycles ja → en → zh-Hant → ja")
    func languageCycle() {
        var settings = F.connected(.ja)
        var ui = ScreenState(settings: settings)
        var seen: [AppLanguage] = []
        for _ in 0..<3 {
            let commands = F.press([.character("l")], &ui, &settings)
            #expect(commands.count == 1)
            seen.append(settings.currentLanguage)
        }
        #expect(seen == [.en, .zhHant, .ja])
        #expect(ui.languageCursor == 0)
    }

    @Test("l, 1, 2, 3 work in the help overlay and the yes/no dialog, which stay open; not while typing")
    func languageKeysOnOverlays() {
        var settings = F.connected(.en)
        var help = ScreenState(settings: settings)
        F.press([.character("?")], &help, &settings)
        #expect(F.press([.character("l")], &help, &settings) == [.setLanguage(.zhHant)])
        #expect(F.press([.character("1")], &help, &settings) == [.setLanguage(.ja)])
        #expect(help.overlay == .help)

        var confirm = ScreenState(settings: settings)
        F.press([.character("o")] + Array(repeating: .down, count: 3) + [.delete], &confirm, &settings)
        guard case .confirm = confirm.overlay else {
            Issue.record("no confirmation dialog: \(confirm.overlay)")
            return
        }
        #expect(F.press([.character("3")], &confirm, &settings) == [.setLanguage(.zhHant)])
        #expect(F.press([.character("l")], &confirm, &settings) == [.setLanguage(.ja)])
        if case .confirm = confirm.overlay {} else { Issue.record("the dialog closed: \(confirm.overlay)") }

        // In a text field the same letters are typed.
        var typing = Self.inAddressField(&settings)
        #expect(F.press([.character("l"), .character("1")], &typing, &settings) == [])
        #expect(typing.addressField.text == "l1")
    }

    @Test("1, 2, 3 choose 日本語, English, 繁體中文; the current one sends nothing")
    func numberKeys() {
        var settings = F.connected(.en)
        var ui = ScreenState(settings: settings)
        #expect(F.press([.character("1")], &ui, &settings) == [.setLanguage(.ja)])
        #expect(F.press([.character("3")], &ui, &settings) == [.setLanguage(.zhHant)])
        #expect(F.press([.character("3")], &ui, &settings) == [], "繁體中文 is already chosen")
        // The language picker chooses too.
        ui.languageCursor = 0
        settings.currentLanguage = .en
        #expect(F.press([.down, .down, .enter], &ui, &settings) == [.setLanguage(.zhHant)])
    }

    @Test("o opens the pane, tests every server, and puts the cursor on the configured server")
    func openPane() {
        var settings = F.connected(.en)
        settings.currentServer = F.server("mac-mini")
        settings.configuredServer = F.server("mac-mini")
        var ui = ScreenState(settings: settings)
        #expect(F.press([.character("o")], &ui, &settings) == [.openPane])
        #expect(ui.isSettingsPaneOpen && ui.focus(settings) == .paneList)
        #expect(ui.paneCursor == 1)
        #expect(F.press([.character("o")], &ui, &settings) == [], "o does nothing in the pane")
        // Enter on the button opens it too.
        var closed = F.connected(.en)
        var other = ScreenState(settings: closed)
        #expect(F.press([.tab, .enter], &other, &closed) == [.openPane])
    }

    @Test("Esc closes the overlay, then cancels a switch (the pane stays and says so), then leaves the pane")
    func escapePriority() {
        var settings = F.switching(.en)
        var ui = ScreenState(settings: settings)
        F.press([.character("o"), .character("?")], &ui, &settings)
        #expect(ui.overlay == .help)
        #expect(F.press([.escape], &ui, &settings) == [])
        #expect(ui.overlay == .none && ui.isSettingsPaneOpen)
        #expect(F.press([.escape], &ui, &settings) == [.cancelSwitch])
        #expect(ui.isSettingsPaneOpen && F.paneNote(settings) == "ui.pane.switch_cancelled_stays")
        // No runtime runs this switch: it ends here, as the cancel ends it in the app.
        settings.serverSwitchState = .idle
        #expect(F.press([.escape], &ui, &settings) == [.closePane])
        #expect(!ui.isSettingsPaneOpen && ui.focus(settings) == .openSettings)
        #expect(F.press([.escape], &ui, &settings) == [], "nothing left to cancel")
    }

    @Test("on the main screen Esc cancels a switch")
    func escapeOnTheMainScreen() {
        var settings = F.switching(.en)
        var ui = ScreenState(settings: settings)
        #expect(F.press([.escape], &ui, &settings) == [.cancelSwitch])
        #expect(!ui.isSettingsPaneOpen && F.paneNote(settings) == nil)
    }

    @Test("Esc in a text field cancels the edit first, then leaves the pane")
    func escapeInTextField() {
        var settings = F.connected(.en)
        var ui = Self.inAddressField(&settings)
        F.press(F.type("https://ward9"), &ui, &settings)
        #expect(F.press([.escape], &ui, &settings) == [])
        #expect(ui.focus(settings) == .paneList && ui.addressField.isEmpty && ui.validation == nil)
        #expect(F.press([.escape], &ui, &settings) == [.closePane])
    }

    @Test("Enter on Add Custom Server... focuses the address field")
    func addFocusesField() {
        var settings = F.connected(.en)
        let ui = Self.inAddressField(&settings)
        #expect(ui.focus(settings) == .customAddress)
        #expect(ui.isTyping(settings))
    }

    @Test("typing validates as you type; Tab accepts the suggestion")
    func validationAsYouType() throws {
        var settings = F.connected(.en)
        var ui = Self.inAddressField(&settings)
        F.press(F.type("http://ward4.local/ap"), &ui, &settings)
        #expect(ui.validation?.errors.contains { $0.code == .missingAPIPath } == true)
        F.press([.character("i")], &ui, &settings)
        let validation = try #require(ui.validation)
        #expect(validation.errors.map(\.code) == [.httpsRequired])
        #expect(validation.warnings.map(\.code) == [.mdnsHost])
        #expect(ui.addressSuggestion == "https://ward4.local/api")

        #expect(F.press([.tab], &ui, &settings) == [])
        #expect(ui.addressField.text == "https://ward4.local/api")
        #expect(ui.validation?.isValid == true)
        #expect(ui.focus(settings) == .customAddress, "Tab accepted the suggestion instead of moving on")
        #expect(F.press([.tab], &ui, &settings) == [])
        #expect(ui.focus(settings) == .connectionTimeout, "without a suggestion Tab moves to the next area")
    }

    @Test("Enter tests a valid address; one that answers is added at once")
    func addReachable() {
        var settings = F.connected(.en)
        var ui = Self.inAddressField(&settings)
        F.press(F.type("HTTPS://Ward9.example.org/api/"), &ui, &settings)
        let address = "https://ward9.example.org/api"
        #expect(F.press([.enter], &ui, &settings) == [.testCustomAddress(address: address)])
        #expect(ui.addFlow == .testing(address: address))
        let commands = F.deliver(.addressTested(address: address, summary: ServerProbeSummary(status: .connected, responseTime: 8),
                                                at: F.now), &ui, &settings)
        #expect(commands == [.addCustomServer(address: address)])
        #expect(ui.addFlow == .idle && ui.addressField.isEmpty)
        // The list takes focus on the new server, so Enter chooses it.
        let after = Self.applying(commands, to: settings)
        #expect(ui.focus(settings) == .paneList)
        #expect(ui.serverUnderCursor(after)?.baseUrl == address)
    }

    @Test("an address that does not answer is added only after the user confirms")
    func addUnreachable() {
        var settings = F.connected(.en)
        var ui = Self.inAddressField(&settings)
        F.press(F.type("https://ward9.example.org/api"), &ui, &settings)
        let address = "https://ward9.example.org/api"
        F.press([.enter], &ui, &settings)
        let failed = ServerProbeSummary(status: .error, error: F.timeout)
        #expect(F.deliver(.addressTested(address: address, summary: failed, at: F.now), &ui, &settings) == [])
        guard case .confirm(let dialog) = ui.overlay else {
            Issue.record("no confirmation dialog")
            return
        }
        #expect(dialog.message.key == "ui.pane.confirm_add_unreachable")
        #expect(!dialog.isYesFocused)
        #expect(F.press([.character("q")], &ui, &settings) == [.quit], "q is not typed in a dialog")
        let confirmed = F.press([.tab, .enter], &ui, &settings)
        #expect(confirmed == [.addCustomServer(address: address)])
        #expect(ui.overlay == .none && ui.addFlow == .idle)
        #expect(ui.focus(settings) == .paneList)
        #expect(ui.serverUnderCursor(Self.applying(confirmed, to: settings))?.baseUrl == address)
    }

    @Test("a stale test result is ignored, and a duplicate address is refused before testing")
    func staleAndDuplicate() {
        var settings = F.connected(.en)
        var ui = Self.inAddressField(&settings)
        let summary = ServerProbeSummary(status: .connected)
        #expect(F.deliver(.addressTested(address: "https://other/api", summary: summary, at: F.now), &ui, &settings) == [])
        F.press(F.type("https://ward3.example.org/api"), &ui, &settings)
        #expect(F.press([.enter], &ui, &settings) == [])
        #expect(F.paneNote(settings) == "ui.pane.already_added")
    }

    @Test("Del asks before removing a custom server, and never removes a built-in one")
    func removeWithConfirmation() {
        var settings = F.connected(.en)
        var ui = ScreenState(settings: settings)
        F.press([.character("o")], &ui, &settings)
        ui.paneCursor = 0
        #expect(F.press([.delete], &ui, &settings) == [])
        #expect(F.paneNote(settings) == "ui.pane.cannot_remove_prefilled" && ui.overlay == .none)

        ui.paneCursor = 3
        #expect(F.press([.delete], &ui, &settings) == [])
        #expect(F.press([.enter], &ui, &settings) == [], "No has focus first")
        #expect(ui.overlay == .none)
        #expect(F.press([.delete, .right, .enter], &ui, &settings) == [.removeCustomServer(id: "custom-ward3-example-org")])
        #expect(F.paneNote(settings) == nil, "the note went with the next key")
    }

    @Test("q quits everywhere except inside a text field, where it types; F10 and Ctrl-C always quit")
    func quitKeys() {
        var settings = F.connected(.en)
        var main = ScreenState(settings: settings)
        #expect(F.press([.character("q")], &main, &settings) == [.quit])
        var field = Self.inAddressField(&settings)
        #expect(F.press([.character("q")], &field, &settings) == [])
        #expect(field.addressField.text == "q")
        #expect(F.press([.function(10)], &field, &settings) == [.quit])
        #expect(F.press([.ctrl("c")], &field, &settings) == [.quit])
        #expect(F.press([.ctrl("l")], &field, &settings) == [.redraw])
    }

    @Test("choosing a server in the pane selects it; the mark follows what settings.json names")
    func selectServer() {
        var settings = F.connected(.en)
        var ui = ScreenState(settings: settings)
        F.press([.character("o")], &ui, &settings)
        #expect(ScreenState.paneMarkedServerId(settings) == "pn51")
        #expect(F.press([.down, .character(" ")], &ui, &settings) == [.selectServer(id: "mac-mini")])
        // The store writes the choice; settings.json then names Mac Mini.
        settings.configuredServer = F.server("mac-mini")
        #expect(ScreenState.paneMarkedServerId(settings) == "mac-mini")
    }

    @Test("timeout, toggles and the CA bundle")
    func options() {
        var settings = F.connected(.en)
        var ui = ScreenState(settings: settings)
        F.press([.character("o"), .tab, .tab], &ui, &settings)
        #expect(ui.focus(settings) == .connectionTimeout)
        #expect(F.press([.right], &ui, &settings) == [.setConnectionTimeout(11)])
        settings.connectionTimeout = 60
        #expect(F.press([.right], &ui, &settings) == [], "60 s is the limit")
        #expect(F.press([.down, .enter], &ui, &settings) == [.setAutoSwitchOnFailure(false)])
        #expect(F.press([.down, .character(" ")], &ui, &settings) == [.setDetailedLogging(true)])
        F.press([.down], &ui, &settings)
        #expect(ui.focus(settings) == .caBundle)
        #expect(F.press(F.type(" /etc/ca.pem ") + [.enter], &ui, &settings) == [.setCABundle("/etc/ca.pem")])
        settings.caBundle = "/etc/ca.pem"
        F.press(Array(repeating: .backspace, count: 20), &ui, &settings)
        #expect(F.press([.tab], &ui, &settings) == [.setCABundle(nil)], "leaving an emptied field saves it")
    }

    @Test("s switches back only while the offer is shown; Enter on notices dismisses")
    func notices() {
        var fallback = F.fallback(.en)
        var ui = ScreenState(settings: fallback)
        #expect(F.press([.character("s")], &ui, &fallback) == [.switchBack])
        var notRecovered = fallback
        notRecovered.fallback?.configuredRecovered = false
        #expect(F.press([.character("s")], &ui, &notRecovered) == [])

        var error = F.error(.en)
        var errorUI = ScreenState(settings: error)
        F.press([.tab, .tab], &errorUI, &error)
        #expect(errorUI.focus(error) == .notices)
        #expect(F.press([.enter], &errorUI, &error) == [.dismissNotice])
        var cleared = error
        cleared.notices = []
        F.press([.up], &errorUI, &cleared)
        #expect(errorUI.focus(cleared) != .notices, "focus leaves notices that are gone")

        var fallbackUI = ScreenState(settings: fallback)
        F.press([.tab, .tab], &fallbackUI, &fallback)
        #expect(fallbackUI.focus(fallback) == .notices, "the fallback's good news can be focused")
        #expect(F.press([.enter], &fallbackUI, &fallback) == [.dismissNotice])
    }

    @Test("re-login: Enter moves to the password, then signs in; the password is never kept or printed")
    func login() {
        var settings = F.login(.en)
        var ui = ScreenState(settings: settings)
        F.press(F.type("nurse.admin"), &ui, &settings)
        #expect(F.press([.enter], &ui, &settings) == [])
        #expect(ui.loginForm?.focus == .password)
        F.press(F.type("s3cret q"), &ui, &settings)
        let commands = F.press([.enter], &ui, &settings)
        #expect(commands == [.login(username: "nurse.admin", password: "s3cret q")])
        #expect(ui.loginForm?.password.isEmpty == true)
        // What the state and the events that carried the password say of it.
        var state = AppState(settings: settings, screen: ui)
        let (_, sent) = AppReducer.reduceTracing(&state, .key(.enter, at: F.now))
        #expect(!String(describing: state).contains("s3cret") && !String(reflecting: sent).contains("s3cret"))
        var typed = ui
        var typedSettings = settings
        F.press(F.type("hunter2"), &typed, &typedSettings)
        #expect(!String(describing: typedSettings).contains("hunter2"))
        #expect(!String(reflecting: typedSettings).contains("hunter2"))
        #expect(F.press([.escape], &ui, &settings) == [.cancelLogin])
    }

    @Test("text field editing works in clusters, CJK and emoji included")
    func textEditing() {
        var field = TextField()
        for character in "日本e\u{301}👍🏽" {
            field.insert(character)
        }
        #expect(field.text.count == 4 && field.cursor == 4)
        field.edit(.left)
        field.edit(.backspace)
        #expect(field.text == "日本👍🏽" && field.cursor == 2)
        field.edit(.home)
        field.edit(.delete)
        #expect(field.text == "本👍🏽" && field.cursor == 0)
        field.edit(.end)
        field.insert("\u{1B}")
        #expect(field.text == "本👍🏽", "controls are not typed")
        field.insert("\u{301}")
        #expect(field.cursor == field.text.count)
    }
}
