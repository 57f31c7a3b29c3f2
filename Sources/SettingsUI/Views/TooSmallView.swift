import AppCore
import TerminalRendering

/// One centered line: the current size and the size needed. The line fits its own width: when
/// the whole sentence does not, the size needed alone ("Needs 60×16") is shown, since a cut
/// sentence would lose exactly the numbers that matter.
enum TooSmallView {
    static func render(_ canvas: inout Canvas) {
        let bounds = canvas.buffer.bounds
        guard !bounds.isEmpty else { return }
        let parameters = [
            "cols": String(bounds.width), "rows": String(bounds.height),
            "minCols": String(ScreenRenderer.minimumWidth), "minRows": String(ScreenRenderer.minimumHeight),
        ]
        let full = canvas.text("ui.too_small", parameters)
        let message = canvas.width(full) <= bounds.width ? full : canvas.text("ui.too_small_short", parameters)
        canvas.draw(Line(message, style: .bold), in: bounds.row(bounds.height / 2), alignment: .center)
    }
}
