/// The settings pane's own actions: adding, removing, the CA bundle, confirmations, sign-in.
extension ScreenReducer {
    /// Enter in the address field: validate, refuse duplicates, then test the address.
    mutating func submitAddress() {
        let result = AddressValidator.validate(state.screen.addressField.text, environment: settings.environment)
        state.screen.validation = result
        guard result.isValid else { return }
        if case .testing = state.screen.addFlow { return }
        let address = result.normalizedAddress
        if let existing = settings.availableServers.first(where: { $0.baseUrl == address }) {
            send(.paneNoted(AppError(key: "ui.pane.already_added", parameters: ["address": existing.baseUrl]),
                            kind: .info, at: at))
            return
        }
        guard let server = ServerCatalog.customServer(address: address,
                                                      connectionTimeoutSeconds: settings.connectionTimeout) else { return }
        state.screen.addFlow = .testing(address: address)
        effects.append(.testAddress(server))
    }

    /// The test of a new address finished: add it if it answered, else ask first.
    mutating func addressTested(address: String, summary: ServerProbeSummary) {
        guard state.screen.addFlow == .testing(address: address) else { return }
        let parameters = ["address": address]
        if summary.status == .connected {
            state.screen.addFlow = .idle
            add(address)
            return
        }
        let reason = summary.error
            ?? summary.httpStatus.map { ConnectivityError(code: .httpStatus, message: "HTTP \($0)", parameters: ["status": String($0)]) }
            ?? ConnectivityError(code: .connect, message: "no answer")
        state.screen.addFlow = .confirmingUnreachable(address: address)
        state.screen.overlay = .confirm(ConfirmDialog(
            message: AppError(key: "ui.pane.confirm_add_unreachable", parameters: parameters, reason: reason),
            action: .addUnreachable(address: address),
            declinedMessage: AppError(key: "ui.pane.not_added", parameters: parameters)))
    }

    /// Adds the address; the list takes focus with its cursor on the new server (appended after
    /// the known ones), so Enter chooses it at once.
    private mutating func add(_ address: String) {
        state.screen.addressField.clear()
        state.screen.validation = nil
        state.screen.paneFocus = .paneList
        state.screen.paneCursor = settings.availableServers.count
        send(.customServerAddRequested(address: address, at: at))
    }

    /// Del in the list: custom servers after confirmation; built-in ones never. Removing the
    /// server in use says first which server will be used instead.
    mutating func askToRemove() {
        guard let server = state.screen.serverUnderCursor(settings) else { return }
        guard server.isCustom else {
            send(.paneNoted(AppError(key: "ui.pane.cannot_remove_prefilled"), kind: .error, at: at))
            return
        }
        let inUse = server.id == settings.currentServer.id || server.id == settings.configuredServer.id
        let fallback = FallbackPolicy.fallbackServer(in: settings.availableServers)
        let message = inUse
            ? AppError(key: "ui.pane.confirm_remove_in_use", parameters: ["address": server.baseUrl, "server": fallback.id])
            : AppError(key: "ui.pane.confirm_remove", parameters: ["address": server.baseUrl])
        state.screen.overlay = .confirm(ConfirmDialog(message: message, action: .removeCustomServer(id: server.id)))
    }

    mutating func answerConfirmation(yes: Bool) {
        guard case .confirm(let dialog) = state.screen.overlay else { return }
        state.screen.overlay = .none
        if case .confirmingUnreachable = state.screen.addFlow {
            state.screen.addFlow = .idle
        }
        guard yes else {
            if let declined = dialog.declinedMessage {
                send(.paneNoted(declined, kind: .info, at: at))
            }
            return
        }
        switch dialog.action {
        case .addUnreachable(let address):
            add(address)
        case .removeCustomServer(let id):
            send(.customServerRemoveRequested(id: id, at: at))
        }
    }

    /// Esc in a text field: drop the edit (and any test of it) and return to the list. Leaving
    /// the pane from a half-typed address would throw the address away with the pane.
    mutating func cancelEdit() {
        if state.screen.focus(settings) == .customAddress {
            state.screen.addressField.clear()
            state.screen.validation = nil
            state.screen.addFlow = .idle
        } else {
            state.screen.caBundleField.setText(settings.caBundle ?? "")
        }
        state.screen.paneFocus = .paneList
    }

    /// Saves the CA bundle field when it differs from the setting; empty means the system
    /// certificates. A path is looked at first (`inspectCABundle`): the pane refuses what the
    /// command line refuses, a file with no certificate.
    mutating func commitCABundle() {
        let text = Self.trimmingSpaces(state.screen.caBundleField.text)
        let value: String? = text.isEmpty ? nil : text
        guard value != settings.caBundle else { return }
        if let value {
            effects.append(.inspectCABundle(value))
        } else {
            send(.settingsChangeRequested(.caBundle(nil)))
        }
    }

    /// The CA bundle path was looked at: saved when usable, else the pane says why not.
    mutating func caBundleInspected(path: String, refusal: AppError?) {
        if let refusal {
            send(.paneNoted(refusal, kind: .error, at: at))
        } else {
            send(.settingsChangeRequested(.caBundle(path)))
        }
    }

    /// Enter in the sign-in dialog: from the user name to the password, then sign in. The
    /// password leaves the state as soon as it is handed over.
    mutating func submitLogin() {
        guard settings.loginRequest?.isSubmitting == false else { return }
        var form = state.screen.loginForm ?? LoginForm()
        if form.username.isEmpty || form.password.isEmpty {
            form.focus = form.username.isEmpty ? .username : .password
            state.screen.loginForm = form
            return
        }
        let username = form.username.text
        let password = SecretText(form.password.text)
        form.password.clear()
        form.focus = .password
        state.screen.loginForm = form
        send(.signInSubmitted(username: username, password: password))
    }

    private static func trimmingSpaces(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\u{3000}" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}
