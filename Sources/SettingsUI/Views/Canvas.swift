import AppCore
import TerminalRendering

/// The buffer being drawn plus what the views report while drawing: the caret of a focused
/// text field and the focused item (for `--plain`'s cursor).
struct Canvas {
    var buffer: CellBuffer
    let model: ScreenModel
    let text: UIText
    var caret: Point?
    var focusPoint: Point?
    /// Where clicks mean something, in drawing order (`clickable`).
    var targets: [MouseRegion] = []
    /// The scrolling view's rows and length, when one was drawn (`ScrollViewport`).
    var viewport: ScrollViewport?
    /// The regions of earlier frames (`region`).
    var memo: FrameMemo

    init(model: ScreenModel, width: Int, height: Int, memo: FrameMemo) {
        var memo = memo
        self.buffer = memo.begin(options: model.options, language: model.settings.currentLanguage, width: width, height: height)
        self.model = model
        self.text = UIText(settings: model.settings, clockReading: model.time.clockReading)
        self.memo = memo
    }

    /// After the last region: the frame's cells are complete (and kept for the next frame).
    mutating func finishRegions() {
        guard memo.keeps else { return }
        if memo.inPlace, memo.steps.count != memo.trail.count,
           !memo.setInFrame.contains(where: { $0.contains(buffer.bounds) }) {
            // Regions of the last frame that this one does not draw are still on the grid.
            buffer = memo.rebuilt(width: buffer.width, height: buffer.height, metrics: buffer.metrics)
        }
        memo.end(buffer)
    }

    var metrics: DisplayWidth { buffer.metrics }
    var settings: SettingsState { model.settings }
    var ui: ScreenState { model.screen }
    /// The focused area, as the state says it is now.
    var focus: FocusArea { model.screen.focus(model.settings) }
    var plain: Bool { model.options.plain }
    var border: BorderSet { plain ? .none : .single }

    /// A box; its border is bold when its content has focus, so focus shows without colour.
    /// Returns the area inside the border.
    @discardableResult
    mutating func box(_ area: Rect, title: Line? = nil, rightTitle: Line? = nil, bottomTitle: Line? = nil,
                      focused: Bool = false, clears: Bool = true) -> Rect {
        let style: Style = focused ? .colored(.accent, .bold) : .plain
        let box = Box(title: title, rightTitle: rightTitle, bottomTitle: bottomTitle, border: border, style: style,
                      clearsInside: clears)
        box.render(in: area, buffer: &buffer)
        return box.inner(area, metrics: metrics)
    }

    /// Text width inside a box `boxWidth` wide, with one column of padding each side (the
    /// border takes two cells a side in ambiguous-wide mode).
    func textWidth(inBoxOf boxWidth: Int) -> Int {
        max(0, boxWidth - 2 * max(1, width(String(border.vertical))) - 2)
    }

    /// A dialog box over the screen. The rows it covers, and one above and below, are cleared
    /// across `bounds`: no border corner or cut-off word of the screen below shows beside it.
    @discardableResult
    mutating func dialog(_ area: Rect, within bounds: Rect, title: Line, rightTitle: Line? = nil,
                         bottomTitle: Line? = nil) -> Rect {
        buffer.fill(Rect(x: bounds.x, y: area.y - 1, width: bounds.width, height: area.height + 2).intersection(bounds))
        return box(area, title: title, rightTitle: rightTitle, bottomTitle: bottomTitle, focused: true)
    }

    mutating func draw(_ line: Line, in area: Rect, alignment: TextAlignment = .left) {
        Label(line, alignment: alignment).render(in: area, buffer: &buffer)
    }

    mutating func draw(_ string: String, in area: Rect, style: Style = .plain, alignment: TextAlignment = .left) {
        draw(Line(string, style: style), in: area, alignment: alignment)
    }

    /// Reverse video over `area` (the focused row or control).
    mutating func highlight(_ area: Rect) {
        buffer.updateStyle(in: area) { $0.attributes.insert(.reverse) }
    }

    mutating func markFocus(x: Int, y: Int) {
        if buffer.bounds.contains(x: x, y: y) {
            focusPoint = Point(x: x, y: y)
        }
    }

    func width(_ string: String) -> Int {
        metrics.width(of: string)
    }

    /// `text` padded or truncated to exactly `columns`.
    func fit(_ string: String, _ columns: Int, alignment: TextAlignment = .left) -> String {
        metrics.fit(string, toWidth: max(0, columns), alignment: alignment)
    }
}
