import AppCore
import TerminalRendering

/// A switch in progress, in place of the server panel: each step done (✓), current (▶) or to
/// come, the step count, and how to cancel.
enum SwitchProgressView {
    static func render(_ canvas: inout Canvas, in area: Rect) {
        guard !area.isEmpty else { return }
        let state = canvas.settings.serverSwitchState
        let text = canvas.text
        let target = state.toServerId.map { text.serverName(id: $0) } ?? "?"
        let inner = canvas.box(area, title: Line(text("switch.in_progress", ["server": target]), style: .bold),
                               focused: true).inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }

        var lines: [Line] = []
        if let from = state.fromServerId {
            lines.append(Line([Span(text.serverName(id: from), style: .colored(.muted)), Span("  →  "),
                               Span(target, style: .bold)]))
            lines.append(Line(""))
        }
        let steps = SwitchStep.allCases
        let current = state.progress.flatMap { steps.firstIndex(of: $0) } ?? 0
        for (index, step) in steps.enumerated() {
            let name = stepName(step, text)
            if index < current {
                lines.append(Line([Span(canvas.plain ? "[x] " : "✓ ", style: .colored(.ok)), Span(name)]))
            } else if index == current {
                lines.append(Line([Span(canvas.plain ? "[>] " : "▶ ", style: .colored(.accent, .bold)),
                                   Span(name, style: .bold)]))
            } else {
                lines.append(Line([Span(canvas.plain ? "[ ] " : "· ", style: .colored(.muted)),
                                   Span(name, style: .colored(.muted))]))
            }
        }
        let footer = [
            Line(text("switch.step_count", ["step": String(current + 1), "total": String(steps.count)]), style: .colored(.muted)),
            Line(text("switch.cancel_hint"), style: .bold),
        ]
        // The steps may lose their first lines on a short screen; the cancel hint never does.
        let room = max(0, inner.height - footer.count - 1)
        let shown = lines.count > room ? Array(lines.suffix(room)) : lines
        for (index, line) in shown.enumerated() {
            canvas.draw(line, in: inner.row(index))
        }
        let footerStart = min(shown.count + 1, max(0, inner.height - footer.count))
        for (index, line) in footer.enumerated() {
            canvas.draw(line, in: inner.row(footerStart + index))
        }
    }

    static func stepName(_ step: SwitchStep, _ text: UIText) -> String {
        switch step {
        case .validating: text("switch.step.validating")
        case .testingConnection: text("switch.step.testing_connection")
        case .savingServerData: text("switch.step.saving_server_data")
        case .clearingServerData: text("switch.step.clearing_server_data")
        case .restoringServerData: text("switch.step.restoring_server_data")
        case .signingIn: text("switch.step.signing_in")
        }
    }
}
