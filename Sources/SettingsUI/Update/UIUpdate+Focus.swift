import SettingsStore

/// Moving between areas, opening and leaving the pane.
extension UIUpdate {
    /// The areas Tab visits now, in order.
    static func focusOrder(_ ui: UIState, settings: SettingsState) -> [FocusArea] {
        if settings.isSettingsPaneOpen {
            return FocusArea.paneAreas
        }
        return FocusArea.mainAreas.filter { $0 != .notices || ui.hasNotices(settings) }
    }

    static func moveFocus(by step: Int, wrapping: Bool, ui: inout UIState, settings: SettingsState) -> [UICommand] {
        let order = focusOrder(ui, settings: settings)
        guard let index = order.firstIndex(of: ui.focus) else {
            return setFocus(order.first ?? .languagePicker, ui: &ui, settings: settings)
        }
        let target = wrapping
            ? (index + step % order.count + order.count) % order.count
            : min(max(index + step, 0), order.count - 1)
        return setFocus(order[target], ui: &ui, settings: settings)
    }

    /// Changes focus; leaving the CA bundle field saves it, entering it loads the current value.
    static func setFocus(_ area: FocusArea, ui: inout UIState, settings: SettingsState) -> [UICommand] {
        guard area != ui.focus else { return [] }
        var commands: [UICommand] = []
        if ui.focus == .caBundle {
            commands = commitCABundle(ui: &ui, settings: settings)
        }
        if area == .caBundle {
            ui.caBundleField.setText(settings.caBundle ?? "")
        }
        ui.focus = area
        return commands
    }

    /// ↑↓ (k j): the cursor in a list; between rows of the pane elsewhere; scrolling in help.
    static func move(by step: Int, active: Set<KeyContext>, ui: inout UIState, settings: SettingsState) -> [UICommand] {
        if active.contains(.help) {
            ui.helpScroll = min(max(0, ui.helpScroll + step), HelpOverlayView.maximumScroll(settings))
            return []
        }
        switch ui.focus {
        case .languagePicker:
            let last = UIState.languages(settings).count - 1
            ui.languageCursor = min(max(0, ui.languageCursor + step), last)
            return []
        case .paneList:
            let last = UIState.paneRowCount(settings) - 1
            if step > 0 && ui.paneCursor >= last {
                return setFocus(.customAddress, ui: &ui, settings: settings)
            }
            ui.paneCursor = min(max(0, ui.paneCursor + step), last)
            return []
        default:
            return moveFocus(by: step, wrapping: false, ui: &ui, settings: settings)
        }
    }

    /// The store opens the pane (`openNativeSettings`, which also tests every server); the
    /// focus follows the store's state in `UIState.normalize`.
    static func openPane(ui: inout UIState, settings: SettingsState) -> [UICommand] {
        guard !settings.isSettingsPaneOpen else { return [] }
        let marked = ui.paneMarkedServerId(settings)
        ui.paneCursor = settings.availableServers.firstIndex { $0.id == marked } ?? 0
        ui.addFlow = .idle
        ui.paneMessage = nil
        return [.openPane]
    }

    static func closePane(ui: inout UIState) -> [UICommand] {
        ui.addFlow = .idle
        ui.paneMessage = nil
        return [.closePane]
    }
}
