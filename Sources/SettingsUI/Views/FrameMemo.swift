import TerminalRendering

/// The regions of the frames drawn so far: for each, the model it was drawn from, the cells
/// under it before and after, and what it reported (the caret, the focus, its result). A
/// region whose model, area and underlying cells are those of a kept one is not drawn again:
/// its cells are put back (`Canvas.region`), as Elm's `lazy` reuses a view whose arguments did
/// not change. So a frame costs the views whose models changed: a second that changes
/// "checked N s ago" draws the server panel alone.
///
/// A value the caller keeps from frame to frame (the loop holds one; `ScreenRenderer.render`
/// without one draws every region). It holds one entry per region name, and starts over when
/// the render options change (a region's model leaves them out: they are the same for all).
public struct FrameMemo {
    struct Entry {
        /// The region's model (`Equatable`; compared after a cast to the type asked for).
        var model: Any
        /// The region's area widened by a column each side: drawing next to a wide character
        /// can blank its other half there.
        var span: Rect
        var before: [Cell]
        var after: [Cell]
        var caret: Point?
        var focusPoint: Point?
        var result: Any
    }

    var entries: [String: Entry] = [:]
    var options: RenderOptions?
    /// The regions the last frame drew (rather than reused), in drawing order.
    public internal(set) var drawnRegions: [String] = []

    public init() {}

    /// Begins a frame drawn with `options`.
    mutating func begin(options: RenderOptions) {
        if self.options != options {
            entries.removeAll()
            self.options = options
        }
        drawnRegions.removeAll(keepingCapacity: true)
    }
}

extension Canvas {
    /// Draws a region of the frame: `draw` must draw inside `area` only and read only what
    /// `model` holds (the memo test compares every frame with one drawn without the memo). When
    /// the last drawing of region `name` had an equal model and area over the same cells, its
    /// cells and reports are put back instead.
    mutating func region<Model: Equatable, Result>(_ name: String, _ model: Model, in area: Rect,
                                                   draw: (inout Canvas) -> Result) -> Result {
        let span = Rect(x: area.x - 1, y: area.y, width: area.width + 2, height: area.height).intersection(buffer.bounds)
        if let entry = memo.entries[name], entry.span == span, let known = entry.model as? Model, known == model,
           let result = entry.result as? Result, buffer.cells(in: span, are: entry.before) {
            buffer.paste(entry.after, in: span)
            caret = entry.caret ?? caret
            focusPoint = entry.focusPoint ?? focusPoint
            return result
        }
        let before = buffer.cells(in: span)
        let outer = (caret: caret, focusPoint: focusPoint)
        caret = nil
        focusPoint = nil
        let result = draw(&self)
        memo.entries[name] = FrameMemo.Entry(model: model, span: span, before: before, after: buffer.cells(in: span),
                                             caret: caret, focusPoint: focusPoint, result: result)
        memo.drawnRegions.append(name)
        caret = caret ?? outer.caret
        focusPoint = focusPoint ?? outer.focusPoint
        return result
    }
}
