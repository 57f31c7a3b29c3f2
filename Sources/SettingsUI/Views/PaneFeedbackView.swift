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
            lines.append(Line([mark("◐", .accent, canvas), Span(text("ui.pane.adding", ["address": address]), style: .colored(.accent))]))
        }
        // A switch chosen here shows its progress here, where the person acted.
        let switchState = canvas.settings.serverSwitchState
        if switchState.isInProgress, let target = switchState.toServerId {
            let steps = SwitchStep.allCases
            let step = switchState.progress.flatMap { steps.firstIndex(of: $0) } ?? 0
            lines.append(Line([mark("◐", .accent, canvas),
                               Span(text("ui.pane.switching", ["server": text.serverName(id: target),
                                                               "step": String(step + 1), "total": String(steps.count)]),
                                    style: .colored(.accent))]))
        }
        // The same notices as the main screen, the pane's answer to the last action first: a
        // switch that failed is told here too.
        // One row each: a long name is cut in its middle, never the reason after it.
        for notice in canvas.settings.notices {
            let style: Style = notice.kind == .error ? .colored(.error) : .plain
            let lead = NoticesView.prefix(canvas, kind: notice.kind)
            let message = text.message(notice.message, fitting: width - canvas.width(lead.text), metrics: canvas.metrics)
            lines.append(Line([lead, Span(message, style: style)]))
        }
        if ui.addressField.foldedFullWidth && !ui.addressField.isEmpty {
            lines.append(Line([mark("·", .muted, canvas), Span(text("ui.pane.full_width_read"), style: .colored(.muted))]))
        }
        guard let validation = ui.validation, !ui.addressField.isEmpty || !validation.errors.isEmpty else { return lines }
        let suggestion = ui.addressSuggestion.map { suggestion in
            Line([Span(text("validation.suggestion", ["address": suggestion]), style: .bold),
                  Span(" " + text("validation.tab_accepts"), style: .colored(.muted))])
        }
        var suggestionShown = false
        for (index, issue) in validation.errors.enumerated() {
            let lead = mark("✗", .error, canvas, word: "ui.error_label")
            var line = Line([lead, Span(message(issue, text, fitting: width - canvas.width(lead.text), canvas.metrics), style: .colored(.error))])
            if index == 0, let suggestion {
                // On the same line when the pane is wide enough, as in the sketch.
                let joined = line + Line("   ") + suggestion
                if joined.width(canvas.metrics) <= width {
                    line = joined
                    suggestionShown = true
                }
            }
            lines.append(line)
        }
        if let suggestion, !suggestionShown {
            lines.append(Line("  ") + suggestion)
        }
        for issue in validation.warnings {
            let lead = mark("!", .warning, canvas, word: "ui.warning_label")
            lines.append(Line([lead, Span(message(issue, text, fitting: width - canvas.width(lead.text), canvas.metrics), style: .colored(.warning))]))
        }
        if validation.isValid && validation.warnings.isEmpty && ui.addFlow == .idle {
            lines.append(Line([mark("✓", .ok, canvas), Span(text("validation.valid"), style: .colored(.ok))]))
        }
        return lines
    }

    /// `validation.<code>` with its parameters (`{max}` for too_long), a long host cut in its
    /// middle so what is wrong with it stays in view.
    private static func message(_ issue: ValidationIssue, _ text: UIText, fitting width: Int, _ metrics: DisplayWidth) -> String {
        var parameters = issue.parameters.mapValues(UIText.clean)
        if parameters["max"] == nil {
            parameters["max"] = String(AddressValidator.maxLength)
        }
        return text.text(issue.messageKey, parameters, fitting: width, metrics: metrics)
    }

    /// A symbol before the line; in `--plain` a word for errors and warnings, nothing otherwise.
    private static func mark(_ symbol: String, _ color: SemanticColor, _ canvas: Canvas, word: String? = nil) -> Span {
        if canvas.plain {
            return Span(word.map { canvas.text($0) + ": " } ?? "", style: .colored(color, .bold))
        }
        return Span(symbol + " ", style: .colored(color, .bold))
    }
}
