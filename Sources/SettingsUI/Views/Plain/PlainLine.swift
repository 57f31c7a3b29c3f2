import AppCore
import TerminalRendering

/// One line of the screen-reader mode (SPEC §10.4 `--plain`): its label in the language in use,
/// then what it says, read as one sentence ("Status: Connected · pn51 · 12 ms"). A screen
/// reader reads line by line, so a line never shares its row with another, and a line too long
/// for the screen goes on in rows that start with the same label.
struct PlainLine: Equatable {
    var label: String
    var value: String
    var style: Style = .plain
    /// The focused item: the terminal's cursor goes to the start of this line.
    var isFocused = false

    init(_ label: String, _ value: String, style: Style = .plain, isFocused: Bool = false) {
        self.label = label
        self.value = value
        self.style = style
        self.isFocused = isFocused
    }

    /// "Label: value", the form of every line.
    static func sentence(label: String, value: String) -> String {
        label + separator + value
    }

    /// The same in every language (SPEC §10.4 writes `状態:`, `Status:`, `狀態:`): a screen
    /// reader pauses at it, and a test can find where the label ends.
    static let separator = ": "

    /// The rows this line takes at `width`: wrapped at the language's break points, every row
    /// starting with the label.
    func rows(width: Int, metrics: DisplayWidth) -> [String] {
        let lead = label + Self.separator
        let room = width - metrics.width(of: lead)
        guard room >= 8 else { return [metrics.truncate(lead + value, toWidth: max(0, width))] }
        let pieces = LineBreaker.wrap(value, width: room, metrics: metrics)
        return (pieces.isEmpty ? [""] : pieces).map { lead + $0 }
    }
}

/// Draws plain lines top to bottom, one item a row (or more, each with its label); when they
/// do not all fit, the rows around the focused line are shown.
enum PlainDocument {
    /// Returns the rows used. `firstRow` (a scrolled overlay) starts there instead of around the
    /// focused line.
    @discardableResult
    static func render(_ lines: [PlainLine], canvas: inout Canvas, in area: Rect, firstRow: Int? = nil) -> Int {
        guard !area.isEmpty else { return 0 }
        var rows: [(text: String, line: Int)] = []
        for (index, line) in lines.enumerated() {
            rows += line.rows(width: area.width, metrics: canvas.metrics).map { ($0, index) }
        }
        let focusedRow = rows.firstIndex { lines[$0.line].isFocused }
        var first = 0
        if let firstRow {
            first = max(0, firstRow)
        } else if let focusedRow, rows.count > area.height {
            first = min(max(0, focusedRow - area.height / 2), rows.count - area.height)
        }
        let shown = rows.dropFirst(first).prefix(area.height)
        for (offset, row) in shown.enumerated() {
            let line = lines[row.line]
            let rowArea = area.row(offset)
            var style = line.style
            if line.isFocused {
                style.attributes.insert(.reverse)
                style.attributes.insert(.bold)
            }
            canvas.draw(row.text, in: rowArea, style: style)
            if line.isFocused, first + offset == focusedRow {
                canvas.markFocus(x: rowArea.x, y: rowArea.y)
            }
        }
        return shown.count
    }

    /// The rows `lines` take at `width`.
    static func height(_ lines: [PlainLine], width: Int, metrics: DisplayWidth) -> Int {
        lines.reduce(0) { $0 + $1.rows(width: width, metrics: metrics).count }
    }
}
