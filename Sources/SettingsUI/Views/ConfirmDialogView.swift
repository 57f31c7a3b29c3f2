import AppCore
import TerminalRendering

/// A yes/no question; "No" has focus first.
enum ConfirmDialogView {
    static func render(_ canvas: inout Canvas, dialog: ConfirmDialog, in inside: Rect) {
        if canvas.plain { return PlainOverlay.confirm(&canvas, dialog: dialog, in: inside) }
        let text = canvas.text
        let width = min(inside.width - 2, 60)
        let message = LineBreaker.wrap(text.message(dialog.message), width: max(1, canvas.textWidth(inBoxOf: width)), metrics: canvas.metrics)
        let height = min(inside.height, min(message.count, 6) + 4)
        let area = inside.centered(width: width, height: height)
        let inner = canvas.dialog(area, within: inside, title: Line(text("dialog.confirm.title"), style: .bold))
            .inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }
        let messageRows = max(0, inner.height - 2)
        for (index, line) in message.prefix(messageRows).enumerated() {
            canvas.draw(line, in: inner.row(index))
        }
        let yes = "[ " + text("dialog.confirm.yes") + " ]"
        let no = "[ " + text("dialog.confirm.no") + " ]"
        let gap = "    "
        let total = canvas.width(yes + gap + no)
        let row = inner.row(inner.height - 1)
        let start = row.x + max(0, (row.width - total) / 2)
        let focusStyle = Style.reverse.adding(.bold)
        let afterYes = canvas.buffer.write(yes, x: start, y: row.y, maxWidth: row.maxX - start,
                                           style: dialog.isYesFocused ? focusStyle : .plain)
        let noX = afterYes + canvas.width(gap)
        canvas.buffer.write(no, x: noX, y: row.y, maxWidth: max(0, row.maxX - noX), style: dialog.isYesFocused ? .plain : focusStyle)
        canvas.markFocus(x: dialog.isYesFocused ? start : noX, y: row.y)
    }
}
