import AppCore
import TerminalRendering

/// Settings › VerbumCare (docs/PRODUCT.md: Settings pane): the server list with each server's live status, the
/// Custom Server Address field with validation as you type, and the connection options, inside
/// the frame (`ScreenLayout.pane` places it).
enum PaneView {
    /// The most lines the answers and validation under the address field take.
    static let feedbackLines = 8

    static func draw(_ canvas: inout Canvas, in content: Rect) {
        let options = PaneOptionsView.layout(canvas, width: content.width)
        var feedback = PaneFeedbackView.lines(canvas, width: content.width - 1)
        let fixedRows = 3 + options.rowCount + 1
        // The rows the list would take whole (`--plain`: its sentences wrapped).
        let rowCount = PaneListView.rowsNeeded(canvas, width: content.width)
        // The list keeps up to five rows (the built-in servers and "Add" on the smallest
        // screen); feedback lines give way first, and a cut says so with "…".
        let feedbackRoom = max(0, min(Self.feedbackLines, content.height - fixedRows - min(rowCount, 5)))
        if feedback.count > feedbackRoom {
            feedback = Array(feedback.prefix(feedbackRoom))
            if let last = feedback.indices.last {
                feedback[last] = (feedback[last] + Line("…")).truncated(toWidth: content.width - 1, metrics: canvas.metrics)
            }
        }
        let spare = content.height - fixedRows - feedback.count
        let gaps = spare - rowCount >= 2 ? 2 : (spare - rowCount >= 1 ? 1 : 0)
        let listRows = max(0, min(rowCount, spare - gaps))

        var y = content.y
        let listHeader = Rect(x: content.x, y: y, width: content.width, height: 1)
        y += 1
        let listArea = Rect(x: content.x, y: y, width: content.width, height: listRows)
        PaneListView.render(&canvas, in: listArea, header: listHeader)
        y += listRows + (gaps >= 1 ? 1 : 0)

        if canvas.plain {
            // The field on its label's line: "Custom Server Address: [ https://… ]".
            let label = canvas.text("ui.pane.custom_address") + PlainLine.separator
            canvas.draw(Line(label, style: .bold), in: row(content, y))
            let x = content.x + canvas.width(label)
            let fieldWidth = max(0, min(content.maxX - x, 72))
            canvas.clickable(Rect(x: x, y: y, width: fieldWidth, height: 1), .area(.customAddress))
            TextFieldView.render(&canvas, field: canvas.ui.addressField, in: Rect(x: x, y: y, width: fieldWidth, height: 1),
                                 focused: canvas.focus == .customAddress, placeholder: "https://…/api")
            y += 1
            // The row the heading would have taken stays blank: the layout is the same.
            y += 1
        } else {
            canvas.draw(Line(canvas.text("ui.pane.custom_address"), style: .bold), in: row(content, y))
            y += 1
            let fieldWidth = min(content.width - 1, 72)
            canvas.clickable(Rect(x: content.x + 1, y: y, width: fieldWidth, height: 1), .area(.customAddress))
            TextFieldView.render(&canvas, field: canvas.ui.addressField, in: Rect(x: content.x + 1, y: y, width: fieldWidth, height: 1),
                                 focused: canvas.focus == .customAddress, placeholder: "https://…/api")
            y += 1
        }
        for line in feedback {
            canvas.draw(line, in: row(content, y).inset(left: canvas.plain ? 0 : 1))
            y += 1
        }
        y += gaps >= 2 ? 1 : 0
        PaneOptionsView.render(&canvas, options, in: Rect(x: content.x, y: y, width: content.width, height: content.maxY - y))
    }

    private static func row(_ content: Rect, _ y: Int) -> Rect {
        Rect(x: content.x, y: y, width: content.width, height: y < content.maxY ? 1 : 0)
    }
}
