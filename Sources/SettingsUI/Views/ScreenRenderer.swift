import AppCore
import TerminalRendering

/// Draws a frame from a `ScreenModel`: a pure function of state and size, no I/O. With a
/// `FrameMemo` kept from the frames before, the regions whose models did not change are put
/// back rather than drawn (the frame is the same either way: the memo tests compare them).
public enum ScreenRenderer {
    /// Below this size one centered line says the terminal is too small (docs/PRODUCT.md: Terminal behaviour).
    public static let minimumWidth = 60
    public static let minimumHeight = 16

    /// Every region drawn, nothing kept.
    public static func render(_ model: ScreenModel, width: Int, height: Int) -> RenderedFrame {
        var memo = FrameMemo(keeps: false)
        return render(model, width: width, height: height, memo: &memo)
    }

    public static func render(_ model: ScreenModel, width: Int, height: Int, memo: inout FrameMemo) -> RenderedFrame {
        var canvas = Canvas(model: model, width: width, height: height, memo: memo)
        defer { memo = canvas.memo }
        guard width >= minimumWidth && height >= minimumHeight else {
            canvas.memo.forget()
            canvas.buffer = CellBuffer(width: width, height: height, metrics: model.options.metrics)
            TooSmallView.render(&canvas)
            return RenderedFrame(buffer: canvas.buffer, cursor: nil)
        }
        let area = canvas.buffer.bounds
        ScreenLayout.screen(&canvas, in: area)
        let overlay = model.screen.activeOverlay(model.settings)
        if overlay != .none {
            // The screen below keeps its looks but not the cursor: the overlay has the focus.
            canvas.caret = nil
            canvas.focusPoint = nil
            // Nor the clicks: only the footer's hints (the overlay's keys) stay clickable.
            canvas.targets.removeAll { if case .key = $0.target { false } else { true } }
            ScreenLayout.overlay(&canvas, overlay, in: ChromeView.inner(of: area, canvas: canvas))
        }
        canvas.finishRegions()
        canvas.buffer.cursor = canvas.caret ?? (canvas.plain ? canvas.focusPoint : nil)
        if let cursor = canvas.buffer.cursor, canvas.buffer.bounds.contains(x: cursor.x, y: cursor.y) {
            let cellWidth = max(1, Int(canvas.buffer[x: cursor.x, y: cursor.y].width))
            // The terminal's cursor must sit on a normal cell: on a reverse-video one (a focused
            // row in `--plain`) xterm, VTE terminals and alacritty show nothing at all.
            canvas.buffer.updateStyle(in: Rect(x: cursor.x, y: cursor.y, width: cellWidth, height: 1)) {
                $0.attributes.remove(.reverse)
            }
        }
        return RenderedFrame(buffer: canvas.buffer, cursor: canvas.buffer.cursor, targets: canvas.targets,
                             viewport: canvas.viewport)
    }
}
