import Localization
import AppCore
import TerminalRendering

/// The frame of every screen: title and environment badge, the status indicator on the right,
/// and the key hints of the focused area on the bottom edge. Drawn from its `Model` (its three
/// texts); `ScreenLayout.chrome` makes the model and places the frame.
enum ChromeView {
    /// What the frame is drawn from: its three texts, and the hints the footer shows.
    struct Model: Equatable {
        var title: Line
        var status: Line?
        var hints: Line
        var shown: [ShownHint]
    }

    /// A hint the footer shows, as a click finds it: its width there (the key, a space, the
    /// word) and the key it presses. Measured once with the fitted footer (`fittedHints`, kept
    /// by the drawing path), not again in every frame: measuring and wording each hint again
    /// was half of the frame's own drawing in a language switch (issue 26).
    struct ShownHint: Hashable, Sendable {
        var width: Int
        var key: Key?
    }

    /// The title line: the environment badge, a drill in force, the screen's title.
    static func titleLine(_ canvas: Canvas, title: String) -> Line {
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
        return titleLine
    }

    /// The width the footer's hints get in a frame `area` wide.
    static func hintWidth(_ canvas: Canvas, frameWidth: Int) -> Int {
        frameWidth - 2 * borderWidth(canvas) - 3
    }

    /// Draws the frame and returns the area inside it.
    static func draw(_ canvas: inout Canvas, _ model: Model, in area: Rect) -> Rect {
        let inner = canvas.box(area, title: model.title, rightTitle: model.status, bottomTitle: model.hints)
        recordHints(&canvas, model.shown, on: area)
        return inner
    }

    /// Each hint the footer shows is clickable as its key (SPEC §10.3): at the place `Box` writes
    /// its bottom title (after the corner and one space), hint after hint as `KeyHints` joins them.
    private static func recordHints(_ canvas: inout Canvas, _ hints: [ShownHint], on area: Rect) {
        guard area.height > 1 else { return }
        let corner = max(1, canvas.width(String(canvas.border.bottomLeft)), canvas.width(String(canvas.border.bottomRight)))
        let end = area.maxX - corner - 1
        var x = area.x + corner + 1
        for hint in hints {
            guard x + hint.width <= end, let key = hint.key else { return }
            canvas.clickable(Rect(x: x, y: area.maxY - 1, width: hint.width, height: 1), .key(key))
            x += hint.width + 2
        }
    }

    /// The area inside the frame, for overlays drawn on top of a screen.
    static func inner(of area: Rect, canvas: Canvas) -> Rect {
        if canvas.plain { return PlainChrome.content(canvas, of: area) }
        return Box(border: canvas.border).inner(area, metrics: canvas.metrics)
    }

    /// The footer's line and the hints it shows, in order, as their width and key.
    struct FittedHints: Hashable, Sendable {
        var line: Line
        var shown: [ShownHint]
    }

    /// The hints of `active` that fit in `width`, the least important dropped first.
    static func fittedHints(_ canvas: Canvas, active: Set<KeyContext>, width: Int) -> FittedHints {
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
        let shown = footer.map { hint in
            ShownHint(width: metrics.width(of: hint.label) + 1 + metrics.width(of: canvas.text(hint.binding.hintKey)),
                      key: hint.binding.groups.first { $0.label == hint.label }?.keys.first)
        }
        return FittedHints(line: result, shown: shown)
    }

    private static func borderWidth(_ canvas: Canvas) -> Int {
        max(1, canvas.metrics.width(of: canvas.border.vertical))
    }
}
