import AppLoop
import TerminalRendering

/// The test backend of the loop: keeps the cells the loop presented, as a terminal would
/// show them, and where the cursor is.
@MainActor
final class TestScreen: TerminalScreen {
    var size: (columns: Int, rows: Int)
    private(set) var buffer: CellBuffer
    private(set) var cursor: (row: Int, column: Int)?
    private(set) var flushes = 0
    /// Cells written so far (every `present` counts its runs' cells).
    private(set) var cellsWritten = 0
    /// Flushes that ended a frame in which nothing was written and the cursor stayed.
    private(set) var emptyFlushes = 0
    private var wroteSinceFlush = false
    /// Told after every flush (a test waiting for a frame looks again).
    var onFlush: (() -> Void)?

    init(columns: Int = 100, rows: Int = 30) {
        size = (columns, rows)
        buffer = CellBuffer(width: 0, height: 0)
    }

    func present(_ changes: [BufferChange]) {
        buffer.apply(changes)
        for change in changes {
            guard case .run(_, _, let cells) = change else { continue }
            cellsWritten += cells.count
            wroteSinceFlush = true
        }
    }

    func moveCursor(row: Int, column: Int) {
        if cursor?.row != row || cursor?.column != column { wroteSinceFlush = true }
        cursor = (row, column)
    }

    func setCursorVisible(_ visible: Bool) {
        if !visible, cursor != nil {
            wroteSinceFlush = true
            cursor = nil
        }
    }

    func flush() {
        flushes += 1
        if !wroteSinceFlush { emptyFlushes += 1 }
        wroteSinceFlush = false
        onFlush?()
    }

    /// The screen as text, one line per row.
    var text: String { buffer.textDump() }

    /// The first row (the header with the status indicator).
    var header: String { text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
}
