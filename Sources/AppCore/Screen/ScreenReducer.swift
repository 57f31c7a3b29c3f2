import Localization
import TerminalRendering

/// The screen's part of `AppReducer`: a key (or the pane's own test result) in, the screen slice
/// changed and settings events sent on to `SettingsReducer` in the same step. What a key means
/// depends on where the focus is and what is open (`KeyContext`, `KeyTable`).
struct ScreenReducer {
    var state: AppState
    var effects: [AppEffect] = []
    /// The settings events this step sent, in order.
    var sent: [AppEvent] = []
    /// When the event happened (seconds since 1970); stamped on the settings events it sends.
    let at: Double

    /// Connection timeout limits in seconds (SPEC §8).
    static let timeoutRange = 5...60

    init(state: AppState, at: Double) {
        self.state = state
        self.at = at
    }

    var settings: SettingsState { state.settings }

    /// Applies a settings event to the settings slice now, as part of this step.
    mutating func send(_ event: AppEvent) {
        sent.append(event)
        state.screen.apply(paneEvent: event)
        effects += SettingsReducer.reduce(&state.settings, event, paneOpen: state.screen.isSettingsPaneOpen)
    }

    mutating func handle(_ key: Key) {
        if state.screen.isSettingsPaneOpen && settings.notices.contains(where: { $0.subject == .pane }) {
            // The pane's answer to the last action goes with the next one.
            send(.paneNoteWithdrawn)
        }
        let active = KeyContext.active(screen: state.screen, settings: settings)
        if KeyTable.isTyped(key, in: active) {
            type(key)
            return
        }
        guard let binding = KeyTable.binding(for: key, in: active) else { return }
        perform(binding.action, key: key, active: active)
    }

    /// A printable or editing key in the focused text field.
    private mutating func type(_ key: Key) {
        if state.screen.fleet != nil {
            typeFilter(key)
            return
        }
        if settings.loginRequest != nil, case .login = state.screen.activeOverlay(settings) {
            var form = state.screen.loginForm ?? LoginForm()
            form.focusedField.edit(key)
            state.screen.loginForm = form
            return
        }
        if state.screen.noteField != nil, case .history = state.screen.activeOverlay(settings) {
            state.screen.noteField?.edit(key)
            return
        }
        switch state.screen.focus(settings) {
        case .customAddress:
            state.screen.addressField.edit(key)
            revalidate()
        case .caBundle:
            state.screen.caBundleField.edit(key)
        default:
            break
        }
    }

    private mutating func perform(_ action: KeyAction, key: Key, active: Set<KeyContext>) {
        if state.screen.fleet != nil, !active.isDisjoint(with: KeyContext.fleetAreas.union([.fleetFilter])),
           performFleet(action, key: key) {
            return
        }
        switch action {
        case .acceptSuggestion:
            if let suggestion = state.screen.addressSuggestion {
                state.screen.addressField.setText(suggestion)
                revalidate()
            }
        case .nextArea:
            moveFocus(by: key == .backTab ? -1 : 1, wrapping: true)
        case .nextField:
            if settings.loginRequest != nil, active.contains(.login) {
                var form = state.screen.loginForm ?? LoginForm()
                form.focus = form.focus == .username ? .password : .username
                state.screen.loginForm = form
            } else if case .confirm(var dialog) = state.screen.overlay {
                dialog.isYesFocused.toggle()
                state.screen.overlay = .confirm(dialog)
            }
        case .move:
            move(by: key == .up || key == .character("k") ? -1 : 1, active: active)
        case .page, .ends:
            if let move = ScrollMove(key: key) { _ = scroll(move, active: active) }
        case .adjust:
            let wanted = settings.connectionTimeout + (key == .left ? -1 : 1)
            let clamped = min(max(wanted, Self.timeoutRange.lowerBound), Self.timeoutRange.upperBound)
            if clamped != settings.connectionTimeout { send(.settingsChangeRequested(.connectionTimeout(clamped))) }
        case .choose:
            choose()
        case .toggle:
            if state.screen.focus(settings) == .autoSwitch {
                send(.settingsChangeRequested(.autoSwitchOnFailure(!settings.autoSwitchOnFailure)))
            } else {
                send(.settingsChangeRequested(.detailedLogging(!settings.detailedLogging)))
            }
        case .submit:
            if active.contains(.login) {
                submitLogin()
            } else if active.contains(.historyNote) {
                saveNote()
            } else if state.screen.focus(settings) == .caBundle {
                commitCABundle()
            } else {
                submitAddress()
            }
        case .dismiss:
            send(.noticeDismissed(nil))
        case .switchBack:
            send(.switchBackRequested(at: at))
        case .editText:
            break
        case .remove:
            askToRemove()
        case .openSettings:
            openPane()
        case .nextLanguage:
            setLanguage(settings.currentLanguage.next)
        case .chooseLanguage:
            guard case .character(let digit) = key, let number = digit.wholeNumberValue,
                  AppLanguage.allCases.indices.contains(number - 1) else { return }
            setLanguage(AppLanguage.allCases[number - 1])
        case .chooseNumbered:
            guard case .character(let digit) = key, let number = digit.wholeNumberValue,
                  number >= 1, number <= ScreenState.paneRowCount(settings) else { return }
            state.screen.paneCursor = number - 1
            choose()
        case .test:
            send(.testRequested(at: at))
        case .testAll:
            send(.rowTestsRequested(serverIds: settings.availableServers.map(\.id), at: at))
        case .signIn:
            send(.signInRequested(serverId: settings.currentServer.id, at: at))
        case .acknowledgeDrill:
            // The moment a person took notice, in the drill's record (nothing when none runs).
            effects += WatchReducer.changeDrill(.acknowledge(at: at, by: "app"), in: &state.watch, at: at)
        case .help:
            state.screen.overlay = .help
            state.screen.helpScroll = 0
            state.screen.viewport = nil
        case .closeHelp, .closeHistory:
            state.screen.overlay = .none
        case .writeNote:
            // Only on an incident the view lists (nothing when there is none).
            if selectedIncident != nil { state.screen.noteField = Self.noteField() }
        case .history:
            state.screen.overlay = .history
            state.screen.helpScroll = 0
            state.screen.viewport = nil
            state.screen.historySelection = 0
            state.screen.noteField = nil
            // What the database says now, not a minute ago.
            effects.append(.readHistory)
        case .cancelSwitch:
            cancelSwitch()
        case .cancelEdit:
            if active.contains(.historyNote) {
                // The first Esc cancels the field, nothing written (SPEC §10.3); the view stays.
                state.screen.noteField = nil
            } else {
                cancelEdit()
            }
        case .leavePane:
            closePane()
        case .cancelDialog:
            if active.contains(.login) {
                send(.signInDismissed)
            } else {
                answerConfirmation(yes: false)
            }
        case .quit:
            effects.append(.quit)
        case .redraw:
            effects.append(.redrawScreen)
        case .filter, .refresh:
            break
        }
    }

    mutating func choose() {
        if case .confirm(let dialog) = state.screen.overlay {
            answerConfirmation(yes: dialog.isYesFocused)
            return
        }
        switch state.screen.focus(settings) {
        case .languagePicker:
            let languages = ScreenState.languages(settings)
            setLanguage(languages[state.screen.languageRow(settings)])
        case .openSettings:
            openPane()
        case .paneList:
            guard let server = state.screen.serverUnderCursor(settings) else {
                setFocus(.customAddress)
                return
            }
            send(.serverChosen(id: server.id, at: at))
        default:
            break
        }
    }

    private mutating func setLanguage(_ language: AppLanguage) {
        if let index = ScreenState.languages(settings).firstIndex(of: language) {
            state.screen.languageCursor = index
        }
        if language != settings.currentLanguage { send(.languageChosen(language)) }
    }

    mutating func revalidate() {
        state.screen.validation = state.screen.addressField.isEmpty
            ? nil : AddressValidator.validate(state.screen.addressField.text, environment: settings.environment)
    }
}
