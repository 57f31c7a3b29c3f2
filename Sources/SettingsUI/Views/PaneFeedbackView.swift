import AppCore
import TerminalRendering

/// The lines under the address field: the test of a new address, the last action's result,
/// and validation as you type (errors ✗, warnings !, the suggestion and "(Tab accepts)").
enum PaneFeedbackView {
    static func lines(_ canvas: Canvas, width: Int) -> [Line] {
        let ui = canvas.ui
        let text = canvas.text
        var lines: [Line] = []
        if case .testing(let address) = ui.addFlow {
            lines += paragraph(mark("◐", .accent, canvas, word: "ui.status"), text("ui.pane.adding", ["address": address]), .colored(.accent),
                               width: width, canvas)
        }
        // A switch chosen here shows its progress here, where the person acted, and how to cancel it.
        let switchState = canvas.settings.serverSwitchState
        if switchState.isInProgress, let target = switchState.toServerId {
            let steps = SwitchStep.allCases
            let step = switchState.progress.flatMap { steps.firstIndex(of: $0) } ?? 0
            let progress = text("ui.pane.switching", ["server": text.serverName(id: target),
                                                      "step": String(step + 1), "total": String(steps.count)])
            lines += paragraph(mark("◐", .accent, canvas, word: "ui.status"), progress + "  " + text("switch.cancel_hint"), .colored(.accent),
                               width: width, canvas)
        }
        // The same notices as the main screen, the pane's answer to the last action first: a
        // switch that failed is told here too. Wrapped, never cut: the reason is at the end.
        for notice in canvas.settings.notices {
            let style: Style = notice.kind == .error ? .colored(.error) : .plain
            lines += paragraph(NoticesView.prefix(canvas, kind: notice.kind), text.message(notice.message), style,
                               width: width, canvas)
        }
        if ui.addressField.foldedFullWidth && !ui.addressField.isEmpty {
            lines += paragraph(mark("·", .muted, canvas, word: "ui.info_label"), text("ui.pane.full_width_read"), .colored(.muted), width: width, canvas)
        }
        guard let validation = ui.validation, !ui.addressField.isEmpty || !validation.errors.isEmpty else { return lines }
        let suggestion = ui.addressSuggestion.map { suggestion in
            Line([Span(text("validation.suggestion", ["address": suggestion]), style: .bold),
                  Span(" " + text("validation.tab_accepts"), style: .colored(.muted))])
        }
        var suggestionShown = false
        for (index, issue) in validation.errors.enumerated() {
            var block = paragraph(mark("✗", .error, canvas, word: "ui.error_label"), message(issue, text), .colored(.error),
                                  width: width, canvas)
            if index == 0, block.count == 1, let line = block.first, let suggestion {
                // On the same line when the pane is wide enough, as in the sketch.
                let joined = line + Line("   ") + suggestion
                if joined.width(canvas.metrics) <= width {
                    block = [joined]
                    suggestionShown = true
                }
            }
            lines += block
        }
        // `--plain`: the suggestion's lines start with a label too.
        let indent = canvas.plain ? mark("", .muted, canvas, word: "ui.info_label") : Span("  ")
        if let suggestion, !suggestionShown, let address = ui.addressSuggestion {
            let line = Line([indent]) + suggestion
            if line.width(canvas.metrics) <= width {
                lines.append(line)
            } else {
                // Too long for one line: the address wraps whole, "(Tab accepts)" goes below it.
                lines += paragraph(indent, text("validation.suggestion", ["address": address]), .bold, width: width, canvas)
                lines += paragraph(indent, text("validation.tab_accepts"), .colored(.muted), width: width, canvas)
            }
        }
        for issue in validation.warnings {
            lines += paragraph(mark("!", .warning, canvas, word: "ui.warning_label"), message(issue, text), .colored(.warning),
                               width: width, canvas)
        }
        if validation.isValid && validation.warnings.isEmpty && ui.addFlow == .idle {
            lines.append(Line([mark("✓", .ok, canvas, word: "ui.status"), Span(text("validation.valid"), style: .colored(.ok))]))
        }
        return lines
    }

    /// `string` after `lead`, wrapped to `width` (continuation lines indented under the text; in
    /// `--plain` they start with the same label, as every line there does).
    private static func paragraph(_ lead: Span, _ string: String, _ style: Style, width: Int, _ canvas: Canvas) -> [Line] {
        guard canvas.plain, !lead.text.isEmpty else {
            return NoticesView.paragraph(lead, string, style: style, width: width, canvas: canvas)
        }
        let pieces = LineBreaker.wrap(string, width: max(1, width - canvas.width(lead.text)), metrics: canvas.metrics)
        return pieces.map { Line([lead, Span($0, style: style)]) }
    }

    /// `validation.<code>` with its parameters (`{max}` for too_long).
    private static func message(_ issue: ValidationIssue, _ text: UIText) -> String {
        var parameters = issue.parameters.mapValues(UIText.clean)
        if parameters["max"] == nil {
            parameters["max"] = String(AddressValidator.maxLength)
        }
        return text(issue.messageKey, parameters)
    }

    /// A symbol before the line; in `--plain` its word, the line's label.
    private static func mark(_ symbol: String, _ color: SemanticColor, _ canvas: Canvas, word: String? = nil) -> Span {
        if canvas.plain {
            return Span(word.map { canvas.text($0) + ": " } ?? "", style: .colored(color, .bold))
        }
        return Span(symbol + " ", style: .colored(color, .bold))
    }
}
