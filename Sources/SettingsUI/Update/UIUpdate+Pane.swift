import SettingsStore

/// The settings pane's own actions: adding, removing, the CA bundle, confirmations, re-login.
extension UIUpdate {
    /// Enter in the address field: validate, refuse duplicates, then ask the runtime to test.
    static func submitAddress(ui: inout UIState, settings: SettingsState) -> [UICommand] {
        let result = AddressValidator.validate(ui.addressField.text, environment: settings.environment)
        ui.validation = result
        guard result.isValid else { return [] }
        if case .testing = ui.addFlow { return [] }
        let address = result.normalizedAddress
        if settings.availableServers.contains(where: { $0.baseUrl == address }) {
            ui.paneMessage = UIMessage(key: "ui.pane.already_added", parameters: ["address": address], tone: .failure)
            return []
        }
        ui.addFlow = .testing(address: address)
        ui.paneMessage = nil
        return [.testCustomAddress(address: address)]
    }

    /// The test of a new address finished: add it if it answered, else ask first.
    static func customAddressTested(address: String, summary: ServerProbeSummary, ui: inout UIState,
                                    settings: SettingsState) -> [UICommand] {
        guard ui.addFlow == .testing(address: address) else { return [] }
        let parameters = ["address": address]
        let added = UIMessage(key: "ui.pane.added", parameters: parameters, tone: .success)
        if summary.status == .connected {
            ui.addFlow = .idle
            ui.addressField.clear()
            ui.validation = nil
            ui.paneMessage = added
            focusNewServer(ui: &ui, settings: settings)
            return [.addCustomServer(address: address, confirmedUnreachable: false)]
        }
        let reason = summary.error
            ?? summary.httpStatus.map { ConnectivityError(code: .httpStatus, message: "HTTP \($0)", parameters: ["status": String($0)]) }
            ?? ConnectivityError(code: .connect, message: "no answer")
        ui.addFlow = .confirmingUnreachable(address: address)
        ui.overlay = .confirm(ConfirmDialog(
            message: UIMessage(key: "ui.pane.confirm_add_unreachable", parameters: parameters, reason: reason),
            command: .addCustomServer(address: address, confirmedUnreachable: true),
            confirmedMessage: added,
            declinedMessage: UIMessage(key: "ui.pane.not_added", parameters: parameters)))
        return []
    }

    /// Del in the list: custom servers after confirmation; built-in ones never.
    static func askToRemove(ui: inout UIState, settings: SettingsState) {
        guard let server = ui.serverUnderCursor(settings) else { return }
        guard server.isCustom else {
            ui.paneMessage = UIMessage(key: "ui.pane.cannot_remove_prefilled", tone: .failure)
            return
        }
        let parameters = ["address": server.baseUrl]
        ui.overlay = .confirm(ConfirmDialog(
            message: UIMessage(key: "ui.pane.confirm_remove", parameters: parameters),
            command: .removeCustomServer(id: server.id),
            confirmedMessage: UIMessage(key: "ui.pane.removed", parameters: parameters, tone: .success)))
    }

    static func answerConfirmation(yes: Bool, ui: inout UIState, settings: SettingsState) -> [UICommand] {
        guard case .confirm(let dialog) = ui.overlay else { return [] }
        ui.overlay = .none
        if case .confirmingUnreachable = ui.addFlow {
            ui.addFlow = .idle
        }
        guard yes else {
            ui.paneMessage = dialog.declinedMessage
            return []
        }
        ui.paneMessage = dialog.confirmedMessage
        if case .addCustomServer = dialog.command {
            ui.addressField.clear()
            ui.validation = nil
            focusNewServer(ui: &ui, settings: settings)
        }
        return [dialog.command]
    }

    /// After an add, the list takes focus with its cursor on the new server (appended after the
    /// known ones), so Enter chooses it at once.
    private static func focusNewServer(ui: inout UIState, settings: SettingsState) {
        ui.focus = .paneList
        ui.paneCursor = settings.availableServers.count
    }

    /// Esc in a text field: drop the edit (and any test of it) and return to the list. Leaving
    /// the pane from a half-typed address would throw the address away with the pane.
    static func cancelEdit(ui: inout UIState, settings: SettingsState) {
        if ui.focus == .customAddress {
            ui.addressField.clear()
            ui.validation = nil
            ui.addFlow = .idle
        } else {
            ui.caBundleField.setText(settings.caBundle ?? "")
        }
        ui.focus = .paneList
    }

    /// Saves the CA bundle field when it differs from the setting; empty means system certificates.
    static func commitCABundle(ui: inout UIState, settings: SettingsState) -> [UICommand] {
        let text = trimmingSpaces(ui.caBundleField.text)
        let value: String? = text.isEmpty ? nil : text
        guard value != settings.caBundle else { return [] }
        ui.paneMessage = UIMessage(key: "ui.pane.saved", tone: .success)
        return [.setCABundle(value)]
    }

    /// Enter in the re-login dialog: from the user name to the password, then sign in. The
    /// password leaves the UI state as soon as it is handed over.
    static func submitLogin(ui: inout UIState, settings: SettingsState) -> [UICommand] {
        guard let request = settings.loginRequest, !request.isSubmitting else { return [] }
        if ui.login.username.isEmpty {
            ui.login.focus = .username
            return []
        }
        if ui.login.password.isEmpty {
            ui.login.focus = .password
            return []
        }
        let command = UICommand.login(username: ui.login.username.text, password: ui.login.password.text)
        ui.login.password.clear()
        ui.login.focus = .password
        return [command]
    }

    private static func trimmingSpaces(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\u{3000}" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}
