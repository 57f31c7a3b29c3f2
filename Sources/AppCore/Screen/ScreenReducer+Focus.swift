/// Moving between areas, opening and leaving the pane.
extension ScreenReducer {
    /// The areas Tab visits now, in order.
    func focusOrder() -> [FocusArea] {
        if state.screen.isSettingsPaneOpen {
            return FocusArea.paneAreas
        }
        return FocusArea.mainAreas.filter { $0 != .notices || !settings.notices.isEmpty }
    }

    mutating func moveFocus(by step: Int, wrapping: Bool) {
        let order = focusOrder()
        guard let index = order.firstIndex(of: state.screen.focus(settings)) else {
            setFocus(order.first ?? .languagePicker)
            return
        }
        let target = wrapping
            ? (index + step % order.count + order.count) % order.count
            : min(max(index + step, 0), order.count - 1)
        setFocus(order[target])
    }

    /// Changes focus; leaving the CA bundle field saves it, entering it loads the current value.
    mutating func setFocus(_ area: FocusArea) {
        let current = state.screen.focus(settings)
        guard area != current else { return }
        if current == .caBundle {
            commitCABundle()
        }
        if area == .caBundle {
            state.screen.caBundleField.setText(settings.caBundle ?? "")
        }
        if area.isInPane {
            state.screen.paneFocus = area
        } else {
            state.screen.mainFocus = area
        }
    }

    /// ↑↓ (k j): the cursor in a list; between rows of the pane elsewhere; scrolling in help.
    mutating func move(by step: Int, active: Set<KeyContext>) {
        if !active.isDisjoint(with: [.help, .history]) {
            _ = scroll(.lines(step), active: active)
            return
        }
        switch state.screen.focus(settings) {
        case .languagePicker:
            let last = ScreenState.languages(settings).count - 1
            state.screen.languageCursor = min(max(0, state.screen.languageRow(settings) + step), last)
        case .paneList:
            let last = ScreenState.paneRowCount(settings) - 1
            let row = state.screen.paneRow(settings)
            if step > 0 && row >= last {
                setFocus(.customAddress)
                return
            }
            state.screen.paneCursor = min(max(0, row + step), last)
        default:
            moveFocus(by: step, wrapping: false)
        }
    }

    /// Opens the pane (`openNativeSettings`, which also tests every server) with the cursor on
    /// the server settings.json names.
    mutating func openPane() {
        guard !state.screen.isSettingsPaneOpen else { return }
        let marked = ScreenState.paneMarkedServerId(settings)
        state.screen.paneCursor = settings.availableServers.firstIndex { $0.id == marked } ?? 0
        state.screen.paneFocus = .paneList
        // Back from the pane, the focus is on the button that leads to it.
        state.screen.mainFocus = .openSettings
        state.screen.addFlow = .idle
        send(.paneOpened(at: at))
    }

    /// Esc during a switch. In the pane it cancels the switch and nothing else: the pane stays
    /// open and says that a second Esc leaves it (SPEC §10.3).
    mutating func cancelSwitch() {
        send(.switchCancelled(at: at))
        if state.screen.isSettingsPaneOpen {
            send(.paneNoted(AppError(key: "ui.pane.switch_cancelled_stays"), kind: .info, at: at))
        }
    }

    /// Leaving the pane is "returning to the app": settings.json is read again and applied.
    mutating func closePane() {
        state.screen.addFlow = .idle
        send(.paneClosed(at: at))
    }
}
