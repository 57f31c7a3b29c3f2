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

    init(columns: Int = 100, rows: Int = 30) {
        size = (columns, rows)
        buffer = CellBuffer(width: 0, height: 0)
    }

    func present(_ changes: [BufferChange]) {
        buffer.apply(changes)
    }

    func moveCursor(row: Int, column: Int) {
        cursor = (row, column)
    }

    func setCursorVisible(_ visible: Bool) {
        if !visible { cursor = nil }
    }

    func flush() {
        flushes += 1
    }

    /// The screen as text, one line per row.
    var text: String { buffer.textDump() }

    /// The first row (the header with the status indicator).
    var header: String { text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
}
