import Localization
import AppCore
import TerminalRendering

/// The frame of every screen: title and environment badge, the status indicator on the right,
/// and the key hints of the focused area on the bottom edge.
enum ChromeView {
    /// Draws the frame and returns the area inside it.
    /// `status`: what the right of the title says instead of the status indicator (the fleet's summary).
    static func render(_ canvas: inout Canvas, in area: Rect, title: String, status: Line? = nil) -> Rect {
        var titleLine = Line([])
        if let badge = canvas.settings.environment.badge {
            // First, so that truncation at narrow widths takes the title, never the badge.
            titleLine.spans.append(Span(" \(badge) ", style: .colored(.warning, [.reverse, .bold])))
            titleLine.spans.append(Span(" "))
        }
        if let drill = canvas.model.time.drill {
            // Words, never colour alone: whoever looks at the screen knows it is a drill.
            titleLine.spans.append(Span(" " + canvas.text("ui.drill_badge", ["mark": canvas.text("drill.mark"),
                                                                            "server": canvas.text.serverName(id: drill.serverId)]) + " ",
                                        style: .colored(.warning, [.reverse, .bold])))
            titleLine.spans.append(Span(" "))
        }
        titleLine.spans.append(Span(title, style: .bold))
        if canvas.plain {
            let text = titleLine.text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            return PlainChrome.render(&canvas, in: area, title: text, status: status ?? StatusIndicator.line(canvas))
        }
        let fitted = fittedHintLine(canvas, width: area.width - 2 * borderWidth(canvas) - 3)
        let model = Model(title: titleLine, status: status ?? StatusIndicator.line(canvas), hints: fitted.line)
        return canvas.region("chrome", model, in: area) { canvas in
            let inner = canvas.box(area, title: model.title, rightTitle: model.status, bottomTitle: model.hints)
            recordHints(&canvas, fitted.hints, on: area)
            return inner
        }
    }

    /// Each hint the footer shows is clickable as its key (SPEC §10.3): at the place `Box` writes
    /// its bottom title (after the corner and one space), hint after hint as `KeyHints` joins them.
    private static func recordHints(_ canvas: inout Canvas, _ hints: [KeyTable.Hint], on area: Rect) {
        guard area.height > 1 else { return }
        let corner = max(1, canvas.width(String(canvas.border.bottomLeft)), canvas.width(String(canvas.border.bottomRight)))
        let end = area.maxX - corner - 1
        var x = area.x + corner + 1
        for hint in hints {
            let width = canvas.width(hint.label) + 1 + canvas.width(canvas.text(hint.binding.hintKey))
            guard x + width <= end, let key = hint.binding.groups.first(where: { $0.label == hint.label })?.keys.first else {
                return
            }
            canvas.clickable(Rect(x: x, y: area.maxY - 1, width: width, height: 1), .key(key))
            x += width + 2
        }
    }

    /// What the frame's region is drawn from (`Canvas.region`): its three texts.
    private struct Model: Equatable {
        var title: Line
        var status: Line?
        var hints: Line
    }

    /// The area inside the frame, for overlays drawn on top of a screen.
    static func inner(of area: Rect, canvas: Canvas) -> Rect {
        if canvas.plain { return PlainChrome.content(canvas, of: area) }
        return Box(border: canvas.border).inner(area, metrics: canvas.metrics)
    }

    /// The footer's line and the hints it shows, in order.
    struct FittedHints: Hashable, Sendable {
        var line: Line
        var hints: [KeyTable.Hint]
    }

    static func fittedHintLine(_ canvas: Canvas, width: Int) -> FittedHints {
        let active = KeyContext.active(screen: canvas.ui, settings: canvas.settings)
        // The footer depends on these alone (the key table and the catalogs are constant), and
        // fitting it measures every hint several times: done once per combination.
        let input = HintInput(active: active, language: canvas.settings.currentLanguage, width: width,
                              metrics: canvas.metrics)
        return hintMemo.value(for: input) { fittedHints(canvas, active: active, width: width) }
    }

    private struct HintInput: Hashable, Sendable {
        var active: Set<KeyContext>
        var language: AppLanguage
        var width: Int
        var metrics: DisplayWidth
    }

    private static let hintMemo = BoundedMemo<HintInput, FittedHints>(capacity: 128)

    private static func fittedHints(_ canvas: Canvas, active: Set<KeyContext>, width: Int) -> FittedHints {
        var footer = KeyTable.footer(for: active)
        let metrics = canvas.metrics
        func line(_ hints: [KeyTable.Hint]) -> Line {
            let items = hints.map { KeyHints.Hint(key: $0.label, label: canvas.text($0.binding.hintKey)) }
            return KeyHints(items, keyStyle: .bold, labelStyle: .plain).line(width: width, metrics: metrics)
        }
        func fits(_ hints: [KeyTable.Hint]) -> Bool {
            let items = hints.map { KeyHints.Hint(key: $0.label, label: canvas.text($0.binding.hintKey)) }
            return KeyHints(items, keyStyle: .bold, labelStyle: .plain).line(width: .max, metrics: metrics).width(metrics)
                <= width - 3  // room for the trailing "  …"
        }
        let full = footer
        // Drop the least important hint (the highest rank, the last of equals) until the rest fit.
        while footer.count > 1 && !fits(footer) {
            var victim = 0
            for index in footer.indices where footer[index].binding.footerRank >= footer[victim].binding.footerRank {
                victim = index
            }
            footer.remove(at: victim)
        }
        var result = line(footer)
        if footer.count < full.count && fits(footer) {
            result.spans.append(Span("  …"))
        }
        return FittedHints(line: result, hints: footer)
    }

    private static func borderWidth(_ canvas: Canvas) -> Int {
        max(1, canvas.metrics.width(of: canvas.border.vertical))
    }
}
