import AppCore
import TerminalRendering

/// One centered line: the current size and the size needed.
enum TooSmallView {
    static func render(_ canvas: inout Canvas) {
        let bounds = canvas.buffer.bounds
        guard !bounds.isEmpty else { return }
        let message = canvas.text("ui.too_small", [
            "cols": String(bounds.width), "rows": String(bounds.height),
            "minCols": String(ScreenRenderer.minimumWidth), "minRows": String(ScreenRenderer.minimumHeight),
        ])
        canvas.draw(Line(message, style: .bold), in: bounds.row(bounds.height / 2), alignment: .center)
    }
}
