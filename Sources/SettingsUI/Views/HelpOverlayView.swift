import Localization
import AppCore
import TerminalRendering

/// Every key, by section, generated from `KeyTable` (the footer's source too). Scrolls with ↑↓,
/// PgUp/PgDn, Home/End and the wheel when the screen is too short for all of it (`ScrollingDialog`).
enum HelpOverlayView {
    static func render(_ canvas: inout Canvas, in inside: Rect) {
        if canvas.plain { return PlainOverlay.help(&canvas, in: inside) }
        let width = min(inside.width - 2, 92)
        let textWidth = max(1, canvas.textWidth(inBoxOf: width))
        let lines = self.lines(canvas.text, width: textWidth, metrics: canvas.metrics, fleet: canvas.ui.fleet != nil)
        ScrollingDialog.render(&canvas, lines: lines, width: width, title: canvas.text("help.title"),
                               bottom: canvas.text("help.close"), in: inside)
    }

    /// The overlay's lines for a text width: section headings, then `keys  sentence` rows whose
    /// sentences wrap under themselves.
    static func lines(_ text: UIText, width: Int, metrics: DisplayWidth, fleet: Bool = false) -> [Line] {
        let sections = KeyTable.helpSections(fleet: fleet)
        let labelWidth = min(width / 3, (sections.flatMap(\.rows).map { metrics.width(of: $0.label) }.max() ?? 0) + 2)
        var lines: [Line] = []
        for (index, section) in sections.enumerated() {
            if index > 0 {
                lines.append(Line(""))
            }
            lines.append(Line(text(section.section.titleKey), style: .colored(.accent, .bold)))
            for row in section.rows {
                let sentence = LineBreaker.wrap(text(row.helpKey), width: max(1, width - labelWidth - 2), metrics: metrics)
                for (part, piece) in sentence.enumerated() {
                    let keys = part == 0 ? metrics.fit(row.label, toWidth: labelWidth) : String(repeating: " ", count: labelWidth)
                    lines.append(Line([Span("  "), Span(keys, style: .bold), Span(piece)]))
                }
            }
        }
        return lines
    }
}
