import SettingsStore
import TerminalRendering

/// Notices across the bottom of the main screen: `lastError` with what to do about it, and the
/// fallback notice with the offer to switch back. Enter dismisses the first one.
enum NoticesView {
    struct NoticeLine {
        var line: Line
        /// Belongs to the notice that Enter dismisses (highlighted while notices have focus).
        var isFirstNotice: Bool
    }

    static func lines(_ canvas: Canvas, width: Int) -> [NoticeLine] {
        let settings = canvas.settings
        let text = canvas.text
        var blocks: [[Line]] = []
        if let error = settings.lastError {
            let lead = prefix(canvas, error: true)
            var block = paragraph(lead, text.message(error), style: .plain, width: width, canvas: canvas)
            if let code = error.code {
                block += paragraph(indentOf: lead, text("ui.suggested_action", ["action": text.action(code)]),
                                   style: .colored(.muted), width: width, canvas: canvas)
            }
            blocks.append(block)
        }
        if let fallback = canvas.ui.visibleFallback(settings) {
            let failed = text.serverName(id: fallback.fromServerId)
            let notice = text("notice.fallback", ["failed": failed, "reason": text.shortError(fallback.reason),
                                                  "server": text.serverName(settings.currentServer)])
            let lead = prefix(canvas, error: false)
            var block = paragraph(lead, notice, style: .plain, width: width, canvas: canvas)
            if fallback.configuredRecovered {
                block += paragraph(indentOf: lead, text("notice.switch_back_offer", ["server": failed]), style: .bold,
                                   width: width, canvas: canvas)
            } else {
                block += paragraph(indentOf: lead, text("notice.watching", ["server": failed]), style: .colored(.muted),
                                   width: width, canvas: canvas)
            }
            blocks.append(block)
        }
        return blocks.enumerated().flatMap { index, block in
            block.map { NoticeLine(line: $0, isFirstNotice: index == 0) }
        }
    }

    static func render(_ canvas: inout Canvas, lines: [NoticeLine], in area: Rect) {
        guard !area.isEmpty else { return }
        let focused = canvas.ui.focus == .notices
        for (index, notice) in lines.prefix(area.height).enumerated() {
            let row = area.row(index)
            var line = notice.line
            if index == area.height - 1 && lines.count > area.height {
                // Cut short: say so at the end of the last row shown.
                line = (line + Line("…")).truncated(toWidth: row.width, metrics: canvas.metrics)
            }
            canvas.draw(line, in: row)
            if focused && notice.isFirstNotice {
                canvas.highlight(Rect(x: row.x, y: row.y, width: min(row.width, line.width(canvas.metrics)), height: 1))
                if index == 0 {
                    canvas.markFocus(x: row.x, y: row.y)
                }
            }
        }
    }

    /// "✗ " / "⚠ " in colour, or "Error: " / "Warning: " in `--plain`.
    private static func prefix(_ canvas: Canvas, error: Bool) -> Span {
        let color: SemanticColor = error ? .error : .warning
        if canvas.plain {
            return Span(canvas.text(error ? "ui.error_label" : "ui.warning_label") + ": ", style: .colored(color, .bold))
        }
        return Span(error ? "✗ " : "⚠ ", style: .colored(color, .bold))
    }

    /// Wrapped text after `lead`, continuation lines indented by its width.
    private static func paragraph(_ lead: Span, _ string: String, style: Style, width: Int, canvas: Canvas) -> [Line] {
        wrap(string, first: lead, indent: canvas.width(lead.text), style: style, width: width, canvas: canvas)
    }

    /// Wrapped text indented like the text after `lead` (a second paragraph of the same notice).
    private static func paragraph(indentOf lead: Span, _ string: String, style: Style, width: Int, canvas: Canvas) -> [Line] {
        let indent = canvas.width(lead.text)
        return wrap(string, first: Span(String(repeating: " ", count: indent)), indent: indent, style: style,
                    width: width, canvas: canvas)
    }

    private static func wrap(_ string: String, first: Span, indent: Int, style: Style, width: Int, canvas: Canvas) -> [Line] {
        let pad = Span(String(repeating: " ", count: indent))
        let wrapped = LineBreaker.wrap(string, width: max(1, width - indent), metrics: canvas.metrics)
        return wrapped.enumerated().map { index, piece in
            Line([index == 0 ? first : pad, Span(piece, style: style)])
        }
    }
}
