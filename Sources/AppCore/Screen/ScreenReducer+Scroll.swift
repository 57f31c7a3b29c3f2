/// Scrolling views (help, the history view, the fleet's list) and the mouse: ↑↓ and the wheel
/// by lines, PgUp/PgDn by a screenful, Home/End to the ends, all within what the last frame
/// showed (`ScreenState.viewport`); a click as the views recorded it (`MouseTarget`).
extension ScreenReducer {
    /// Moves the open scrolling view; false when none is open.
    mutating func scroll(_ move: ScrollMove, active: Set<KeyContext>) -> Bool {
        if active.contains(.help) {
            let viewport = state.screen.viewport ?? ScrollViewport(visible: 1, total: KeyTable.bindings.count + 1)
            state.screen.helpScroll = viewport.offset(after: move, from: state.screen.helpScroll)
            return true
        }
        if active.contains(.history) {
            let viewport = state.screen.viewport ?? ScrollViewport(visible: 1, total: 10_001)
            let before = state.screen.helpScroll
            state.screen.helpScroll = viewport.offset(after: move, from: before)
            // The selection (the incident `n` writes on) moves with the lines, to the ends with them.
            let last = max(0, HistoryIncidents.listed(state.watch.history, servers: settings.availableServers).count - 1)
            let selection: Int
            switch move {
            case .first: selection = 0
            case .last: selection = last
            case .lines(let count): selection = state.screen.historySelection + count
            case .pages: selection = state.screen.historySelection + state.screen.helpScroll - before
            }
            state.screen.historySelection = min(max(0, selection), last)
            return true
        }
        if active.contains(.fleetList), var fleet = state.screen.fleet, case .list = fleet.mode {
            // The list scrolls to keep its cursor shown: the cursor moves by the page.
            let count = fleet.visibleRows.count
            let rows = ScrollViewport(visible: state.screen.viewport?.visible ?? 1, total: count)
            let wanted: Int
            switch move {
            case .first: wanted = 0
            case .last: wanted = count - 1
            case .lines(let step): wanted = fleet.cursor + step
            case .pages(let pages): wanted = fleet.cursor + pages * rows.visible
            }
            fleet.cursor = min(max(0, wanted), max(0, count - 1))
            state.screen.fleet = fleet
            return true
        }
        return false
    }

    /// The scrolling view now open was drawn with `viewport`.
    mutating func viewportMeasured(_ viewport: ScrollViewport?) {
        state.screen.viewport = viewport
        if let viewport {
            // A shorter screen than before: the first line stays where the view can show it.
            state.screen.helpScroll = min(state.screen.helpScroll, viewport.maxOffset)
        }
    }

    /// A click on what the last frame drew at that place. Overlays leave only the footer's
    /// hints to click (the loop's hit test gives nothing else under them).
    mutating func click(_ target: MouseTarget) {
        if case .key(let key) = target {
            handle(key)
            return
        }
        guard state.screen.activeOverlay(settings) == .none, state.screen.fleet == nil else { return }
        switch target {
        case .area(let area):
            guard area.isInPane == state.screen.isSettingsPaneOpen, focusOrder().contains(area) else { return }
            setFocus(area)
        case .languageRow(let row):
            guard !state.screen.isSettingsPaneOpen, ScreenState.languages(settings).indices.contains(row) else { return }
            setFocus(.languagePicker)
            state.screen.languageCursor = row
            choose()
        case .paneRow(let row):
            guard state.screen.isSettingsPaneOpen, row >= 0, row < ScreenState.paneRowCount(settings) else { return }
            setFocus(.paneList)
            state.screen.paneCursor = row
            choose()
        case .button(let area):
            guard area.isInPane == state.screen.isSettingsPaneOpen, focusOrder().contains(area) else { return }
            setFocus(area)
            choose()
        case .key:
            break
        }
    }
}
