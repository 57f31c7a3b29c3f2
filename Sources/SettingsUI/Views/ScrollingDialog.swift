import AppCore
import TerminalRendering

/// A centred dialog of lines that scrolls with ↑↓, PgUp/PgDn, Home/End and the wheel
/// (`helpScroll`): the help overlay and the history view. Its position ("1–12/53") shows when
/// the lines do not fit; its rows and length go to the update as the frame's viewport.
enum ScrollingDialog {
    static func render(_ canvas: inout Canvas, lines: [Line], width: Int, title: String, bottom: String, in inside: Rect) {
        let height = min(inside.height, lines.count + 2)
        let area = inside.centered(width: width, height: height)
        let visible = max(0, height - 2)
        let scroll = min(canvas.ui.helpScroll, max(0, lines.count - visible))
        var position: Line?
        if lines.count > visible {
            position = Line("\(scroll + 1)–\(scroll + visible)/\(lines.count)", style: .colored(.muted))
        }
        let inner = canvas.dialog(area, within: inside, title: Line(title, style: .bold), rightTitle: position,
                                  bottomTitle: Line(bottom, style: .colored(.muted)))
            .inset(left: 1, right: 1)
        canvas.viewport = ScrollViewport(visible: inner.height, total: lines.count)
        for (index, line) in lines.dropFirst(scroll).prefix(inner.height).enumerated() {
            canvas.draw(line, in: inner.row(index))
        }
        canvas.markFocus(x: inner.x, y: inner.y)
    }
}
