import AppCore
import Localization
import TerminalRendering

/// The regions of the frames drawn so far, so a frame costs the views whose models changed (as
/// Elm's `lazy` reuses a view whose arguments did not change): a second that changes "checked
/// N s ago" draws that value alone.
///
/// For each region it keeps the model it was drawn from, its area, the cells under it before and
/// after, and what it reported (the caret, the focus, its result); and the last frame's cells and
/// regions in drawing order. A frame of the same size and options starts from the last frame's
/// cells ("in place"): while its regions come in the same order over the same areas, a region
/// whose model did not change is left as it is, and one whose model changed gets its cells from
/// before back and is drawn again. Over cells redrawn in this frame, a region compares the cells
/// under it with those it was drawn over. When the order or the areas change, the frame so far is
/// rebuilt from a blank grid out of the regions' kept cells, and every later region compares the
/// cells under it (`Canvas.region`).
///
/// A frame in another language than the last (a language switch) changes every region: it is
/// drawn straight through, with nothing compared, copied or kept, so the key press pays for the
/// frame alone (SPEC §13: language switch); the next frame starts from a blank grid and keeps
/// its regions again. So is the first frame, which has nothing to reuse: the start pays for the
/// frame alone (SPEC §13: first frame), and the next frame, the first probe's results, keeps.
///
/// A value the caller keeps from frame to frame (the loop holds one; `ScreenRenderer.render`
/// without one draws every region). It starts over when the render options change: a region's
/// model leaves them out, as they are the same for all.
public struct FrameMemo {
    struct Entry {
        /// The region's model (`Equatable`; compared after a cast to the type asked for).
        var model: Any
        /// The region's area widened by a column each side: drawing next to a wide character
        /// can blank its other half there.
        var span: Rect
        /// nil: a blank grid (the first region of a frame is drawn on one).
        var before: [Cell]?
        var after: [Cell]
        var caret: Point?
        var focusPoint: Point?
        var targets: [MouseRegion]
        var viewport: ScrollViewport?
        var result: Any
    }

    struct Step: Equatable {
        var name: String
        var span: Rect
    }

    var entries: [String: Entry] = [:]
    var options: RenderOptions?
    /// The language of the last frame (nil before the first), and whether this frame is drawn
    /// straight through (the first, or one in another language).
    var language: AppLanguage?
    var drawsThrough = false
    /// The last frame's cells as its regions left them, and its regions in drawing order.
    var base: CellBuffer?
    var trail: [Step] = []
    /// This frame: its regions so far, whether it is drawn over the last frame's cells, and the
    /// areas whose cells it set (rather than left as the last frame left them).
    var steps: [Step] = []
    var inPlace = false
    var setInFrame: [Rect] = []
    /// The regions the last frame drew (rather than reused), in drawing order.
    public internal(set) var drawnRegions: [String] = []
    /// false: every region is drawn and nothing kept (a frame drawn once).
    let keeps: Bool

    public init() {
        keeps = true
    }

    init(keeps: Bool) {
        self.keeps = keeps
    }

    /// Begins a frame: the cells it starts from.
    mutating func begin(options: RenderOptions, language: AppLanguage, width: Int, height: Int) -> CellBuffer {
        if self.options != options {
            entries.removeAll()
            base = nil
            self.options = options
        }
        drawsThrough = keeps && self.language != language
        self.language = language
        if drawsThrough {
            entries.removeAll(keepingCapacity: true)
            base = nil
        }
        drawnRegions.removeAll(keepingCapacity: true)
        steps.removeAll(keepingCapacity: true)
        setInFrame.removeAll(keepingCapacity: true)
        if let base, base.width == max(0, width), base.height == max(0, height), base.metrics == options.metrics {
            inPlace = true
            self.base = nil
            return base
        }
        inPlace = false
        return CellBuffer(width: width, height: height, metrics: options.metrics)
    }

    /// Ends a frame whose regions left `buffer` (before anything drawn outside regions).
    mutating func end(_ buffer: CellBuffer) {
        // A frame drawn straight through kept no regions: the next one starts from a blank grid.
        base = drawsThrough ? nil : buffer
        trail = drawsThrough ? [] : steps
    }

    /// A frame drawn without regions (the "too small" line): the next starts from a blank grid.
    mutating func forget() {
        base = nil
        trail = []
    }

    /// The frame so far, out of the regions' kept cells on a blank grid.
    func rebuilt(width: Int, height: Int, metrics: DisplayWidth) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height, metrics: metrics)
        for step in steps {
            if let entry = entries[step.name] { buffer.paste(entry.after, in: entry.span) }
        }
        return buffer
    }
}

extension Canvas {
    /// Draws a region of the frame: `draw` must draw inside `area` only and read only what
    /// `model` holds (the memo test compares every frame with one drawn without the memo).
    /// When the region's model and area are those of its last drawing over the same cells, its
    /// cells and reports are reused instead (see `FrameMemo`).
    mutating func region<Model: Equatable, Result>(_ name: String, _ model: Model, in area: Rect,
                                                   draw: (inout Canvas) -> Result) -> Result {
        guard memo.keeps else { return draw(&self) }
        if memo.drawsThrough {
            memo.drawnRegions.append(name)
            return draw(&self)
        }
        let span = buffer.clipped(Rect(x: area.x - 1, y: area.y, width: area.width + 2, height: area.height))
        let step = FrameMemo.Step(name: name, span: span)
        let index = memo.steps.count
        let known = memo.entries[name].flatMap { entry -> (entry: FrameMemo.Entry, result: Result)? in
            guard entry.span == span, let old = entry.model as? Model, old == model,
                  let result = entry.result as? Result else { return nil }
            return (entry, result)
        }
        if memo.inPlace {
            let sameStep = index < memo.trail.count && memo.trail[index] == step
            let touched = memo.setInFrame.filter { $0.intersects(span) }
            if sameStep, touched.isEmpty, let entry = memo.entries[name], entry.span == span {
                // The cells under the region are those it was drawn over last time.
                memo.steps.append(step)
                if let known {
                    // Its cells are on the grid as the last frame left them.
                    return reuse(known.entry, known.result)
                }
                if let before = entry.before {
                    buffer.paste(before, in: span)
                } else {
                    buffer.blank(span)
                }
                return redraw(name, model, span: span, before: entry.before, draw: draw)
            }
            if !touched.contains(where: { $0.contains(span) }) {
                // Another layout: the frame so far from a blank grid, and every later region
                // compares the cells under it.
                buffer = memo.rebuilt(width: buffer.width, height: buffer.height, metrics: buffer.metrics)
                memo.inPlace = false
            }
            // Otherwise the cells under the region were all set in this frame (by one region drawn
            // again over all of them): they are this frame's, to be compared like those of a
            // frame drawn from a blank grid, whatever the last frame's layout was.
        }
        memo.steps.append(step)
        // The first region is drawn on a blank grid: its cells from before are not kept.
        let before = index == 0 ? nil : buffer.cells(in: span)
        if let known, known.entry.before == nil ? index == 0 : buffer.cells(in: span, are: known.entry.before ?? []) {
            buffer.paste(known.entry.after, in: span)
            memo.setInFrame.append(span)
            return reuse(known.entry, known.result)
        }
        return redraw(name, model, span: span, before: before, draw: draw)
    }

    private mutating func reuse<Result>(_ entry: FrameMemo.Entry, _ result: Result) -> Result {
        caret = entry.caret ?? caret
        focusPoint = entry.focusPoint ?? focusPoint
        targets += entry.targets
        viewport = entry.viewport ?? viewport
        return result
    }

    private mutating func redraw<Model: Equatable, Result>(_ name: String, _ model: Model, span: Rect, before: [Cell]?,
                                                           draw: (inout Canvas) -> Result) -> Result {
        let outer = (caret: caret, focusPoint: focusPoint, targets: targets, viewport: viewport)
        caret = nil
        focusPoint = nil
        targets = []
        viewport = nil
        let result = draw(&self)
        memo.entries[name] = FrameMemo.Entry(model: model, span: span, before: before, after: buffer.cells(in: span),
                                             caret: caret, focusPoint: focusPoint, targets: targets, viewport: viewport,
                                             result: result)
        memo.drawnRegions.append(name)
        memo.setInFrame.append(span)
        caret = caret ?? outer.caret
        focusPoint = focusPoint ?? outer.focusPoint
        targets = outer.targets + targets
        viewport = viewport ?? outer.viewport
        return result
    }
}
