import TerminalRendering

/// The fleet view's keys (SPEC §15.4): ↑↓ move, Enter opens a box's servers, `/` types a
/// filter, `r` queries again, Esc goes back or clears the filter. Language, help, redraw and
/// quit are the app's own, handled by `perform` as everywhere.
extension ScreenReducer {
    /// Handles `action` when it means something of its own in the fleet view; false: the app's
    /// meaning applies.
    mutating func performFleet(_ action: KeyAction, key: Key) -> Bool {
        guard var fleet = state.screen.fleet else { return false }
        defer { state.screen.fleet = fleet }
        switch action {
        case .move:
            guard case .list = fleet.mode else { return true }
            let step = key == .up || key == .character("k") ? -1 : 1
            fleet.cursor = min(max(0, fleet.cursor + step), max(0, fleet.visibleRows.count - 1))
        case .page, .ends:
            // `scroll` moves the state's cursor; the deferred write-back must keep it.
            state.screen.fleet = fleet
            if let move = ScrollMove(key: key) { _ = scroll(move, active: [.fleetList]) }
            fleet = state.screen.fleet ?? fleet
        case .choose:
            if let row = fleet.selectedRow { fleet.mode = .box(key: row.key) }
        case .filter:
            fleet.mode = .filtering
        case .submit:
            fleet.mode = .list
            fleet.cursor = 0
        case .cancelEdit:
            fleet.filter.setText("")
            fleet.mode = .list
            fleet.cursor = 0
        case .leavePane:
            fleet.mode = .list
        case .refresh:
            fleet.querying = true
            effects.append(.queryFleet)
        case .nextArea:
            break
        default:
            return false
        }
        return true
    }

    /// A key typed into the fleet's filter: the list narrows as the person types.
    mutating func typeFilter(_ key: Key) {
        guard var fleet = state.screen.fleet else { return }
        _ = fleet.filter.edit(key)
        fleet.cursor = 0
        state.screen.fleet = fleet
    }

    /// The central Prometheus answered: the new rows, the cursor kept on the same box when it
    /// is still shown.
    mutating func fleetAnswered(rows: [FleetRow], at: Double) {
        guard var fleet = state.screen.fleet else { return }
        let selected = fleet.selectedRow?.key
        fleet.rows = rows
        fleet.answeredAt = at
        fleet.problem = nil
        fleet.querying = false
        if let selected, let index = fleet.visibleRows.firstIndex(where: { $0.key == selected }) {
            fleet.cursor = index
        } else {
            fleet.cursor = min(fleet.cursor, max(0, fleet.visibleRows.count - 1))
        }
        state.screen.fleet = fleet
    }

    /// The query failed: the rows of the last answer stay, marked by the problem.
    mutating func fleetQueryFailed(_ problem: AppError) {
        guard var fleet = state.screen.fleet else { return }
        fleet.problem = problem
        fleet.querying = false
        state.screen.fleet = fleet
    }
}
