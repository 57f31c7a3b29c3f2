import Localization
import SettingsStore
import TerminalRendering

/// The update function (Elm/bubbletea style): an event and the current states in, the new UI
/// state and the commands for the runtime out. Pure: no I/O, no clock, no store mutation.
public enum UIUpdate {
    /// Connection timeout limits in seconds (docs/PRODUCT.md: Files).
    public static let timeoutRange = 5...60

    public static func handle(_ event: UIEvent, ui: inout UIState, settings: SettingsState) -> [UICommand] {
        ui.normalize(settings)
        let commands: [UICommand]
        switch event {
        case .key(let key):
            commands = handleKey(key, ui: &ui, settings: settings)
        case .customAddressTested(let address, let summary):
            commands = customAddressTested(address: address, summary: summary, ui: &ui, settings: settings)
        case .paneMessage(let message):
            ui.paneMessage = message
            commands = []
        }
        ui.normalize(settings)
        return commands
    }

    private static func handleKey(_ key: Key, ui: inout UIState, settings: SettingsState) -> [UICommand] {
        let active = KeyContext.active(ui: ui, settings: settings)
        if KeyTable.isTyped(key, in: active) {
            type(key, ui: &ui, settings: settings)
            return []
        }
        guard let binding = KeyTable.binding(for: key, in: active) else { return [] }
        return perform(binding.action, key: key, active: active, ui: &ui, settings: settings)
    }

    /// A printable or editing key in the focused text field.
    private static func type(_ key: Key, ui: inout UIState, settings: SettingsState) {
        if case .login = ui.activeOverlay(settings) {
            ui.login.focusedField.edit(key)
            return
        }
        switch ui.focus {
        case .customAddress:
            ui.addressField.edit(key)
            ui.paneMessage = nil
            revalidate(&ui, settings: settings)
        case .caBundle:
            ui.caBundleField.edit(key)
        default:
            break
        }
    }

    private static func perform(_ action: KeyAction, key: Key, active: Set<KeyContext>, ui: inout UIState,
                                settings: SettingsState) -> [UICommand] {
        switch action {
        case .acceptSuggestion:
            if let suggestion = ui.addressSuggestion {
                ui.addressField.setText(suggestion)
                revalidate(&ui, settings: settings)
            }
            return []
        case .nextArea:
            return moveFocus(by: key == .backTab ? -1 : 1, wrapping: true, ui: &ui, settings: settings)
        case .nextField:
            if active.contains(.login) {
                ui.login.focus = ui.login.focus == .username ? .password : .username
            } else if case .confirm(var dialog) = ui.overlay {
                dialog.isYesFocused.toggle()
                ui.overlay = .confirm(dialog)
            }
            return []
        case .move:
            return move(by: key == .up || key == .character("k") ? -1 : 1, active: active, ui: &ui, settings: settings)
        case .adjust:
            let wanted = settings.connectionTimeout + (key == .left ? -1 : 1)
            let clamped = min(max(wanted, timeoutRange.lowerBound), timeoutRange.upperBound)
            return clamped == settings.connectionTimeout ? [] : [.setConnectionTimeout(clamped)]
        case .choose:
            return choose(active: active, ui: &ui, settings: settings)
        case .toggle:
            if ui.focus == .autoSwitch {
                return [.setAutoSwitchOnFailure(!settings.autoSwitchOnFailure)]
            }
            return [.setDetailedLogging(!settings.detailedLogging)]
        case .submit:
            if active.contains(.login) {
                return submitLogin(ui: &ui, settings: settings)
            }
            return ui.focus == .caBundle ? commitCABundle(ui: &ui, settings: settings) : submitAddress(ui: &ui, settings: settings)
        case .dismiss:
            return [.dismissNotice]
        case .switchBack:
            return [.switchBack]
        case .editText:
            return []
        case .remove:
            askToRemove(ui: &ui, settings: settings)
            return []
        case .openSettings:
            return openPane(ui: &ui, settings: settings)
        case .nextLanguage:
            return setLanguage(settings.currentLanguage.next, ui: &ui, settings: settings)
        case .chooseLanguage:
            guard case .character(let digit) = key, let number = digit.wholeNumberValue,
                  AppLanguage.allCases.indices.contains(number - 1) else { return [] }
            return setLanguage(AppLanguage.allCases[number - 1], ui: &ui, settings: settings)
        case .test:
            return [.testNow]
        case .testAll:
            return [.testAll]
        case .signIn:
            return [.requestSignIn]
        case .help:
            ui.overlay = .help
            ui.helpScroll = 0
            return []
        case .closeHelp:
            ui.overlay = .none
            return []
        case .cancelSwitch:
            return [.cancelSwitch]
        case .cancelEdit:
            cancelEdit(ui: &ui, settings: settings)
            return []
        case .leavePane:
            return closePane(ui: &ui)
        case .cancelDialog:
            if active.contains(.login) {
                ui.login = LoginForm(serverId: ui.login.serverId)
                return [.cancelLogin]
            }
            return answerConfirmation(yes: false, ui: &ui, settings: settings)
        case .quit:
            return [.quit]
        case .redraw:
            return [.redraw]
        }
    }

    private static func choose(active: Set<KeyContext>, ui: inout UIState, settings: SettingsState) -> [UICommand] {
        if case .confirm(let dialog) = ui.overlay {
            return answerConfirmation(yes: dialog.isYesFocused, ui: &ui, settings: settings)
        }
        switch ui.focus {
        case .languagePicker:
            let languages = UIState.languages(settings)
            guard languages.indices.contains(ui.languageCursor) else { return [] }
            return setLanguage(languages[ui.languageCursor], ui: &ui, settings: settings)
        case .openSettings:
            return openPane(ui: &ui, settings: settings)
        case .paneList:
            guard let server = ui.serverUnderCursor(settings) else {
                ui.paneMessage = nil
                return setFocus(.customAddress, ui: &ui, settings: settings)
            }
            return [.selectServer(id: server.id)]
        default:
            return []
        }
    }

    private static func setLanguage(_ language: AppLanguage, ui: inout UIState, settings: SettingsState) -> [UICommand] {
        if let index = UIState.languages(settings).firstIndex(of: language) {
            ui.languageCursor = index
        }
        return language == settings.currentLanguage ? [] : [.setLanguage(language)]
    }

    static func revalidate(_ ui: inout UIState, settings: SettingsState) {
        ui.validation = ui.addressField.isEmpty
            ? nil : AddressValidator.validate(ui.addressField.text, environment: settings.environment)
    }
}
