/// The fleet view's slice of the screen (`verbumcare-tui fleet`, SPEC §15.4): the rows of the
/// last answer, the cursor, the filter typed after `/`, the box opened with Enter, and what
/// went wrong with the last query. Present only when the app is the fleet view.
public struct FleetState: Equatable, Sendable {
    /// Where the keys go.
    public enum Mode: Equatable, Sendable {
        case list
        /// `/`: printable keys type the filter; Enter keeps it, Esc clears it.
        case filtering
        /// Enter on a row: one box's servers; Esc goes back to the list.
        case box(key: String)
    }

    /// Where the rows come from (shown on the header; never a token).
    public var source: String
    public var rows: [FleetRow] = []
    public var mode: Mode = .list
    public var filter = TextField()
    /// Index in `visibleRows`; kept in range by the accessors (the view scrolls to keep it shown).
    public var cursor = 0
    /// When the last answer came (Unix seconds), nil before the first.
    public var answeredAt: Double?
    /// Why the last query failed (a catalog key and parameters); cleared by the next answer.
    public var problem: AppError?
    public var querying = false

    public init(source: String) {
        self.source = source
    }

    public var visibleRows: [FleetRow] { FleetRows.filtered(rows, by: filter.text) }

    /// The row under the cursor, nil when no row shows.
    public var selectedRow: FleetRow? {
        let visible = visibleRows
        guard !visible.isEmpty else { return nil }
        return visible[min(max(0, cursor), visible.count - 1)]
    }

    /// The box opened with Enter, as the latest answer has it.
    public var openBox: FleetRow? {
        guard case .box(let key) = mode else { return nil }
        return rows.first { $0.key == key }
    }
}
