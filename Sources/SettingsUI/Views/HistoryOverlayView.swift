import AppCore
import TerminalRendering

/// `h`: every server's uptime, coverage and percentiles per window, and its incidents with
/// local times, durations, reasons and notes (SPEC §15.2, §16), and which process records.
/// Scrolls with ↑↓, which also move the selected incident (`▸`) that `n` writes a note on;
/// the note's field opens over the view (`NoteDialogView`).
enum HistoryOverlayView {
    static func render(_ canvas: inout Canvas, in inside: Rect) {
        let width = min(inside.width - 2, 100)
        let textWidth = max(1, canvas.textWidth(inBoxOf: width))
        let lines = self.lines(canvas, width: textWidth)
        ScrollingDialog.render(&canvas, lines: lines, width: width, title: canvas.text("ui.history.title"),
                               bottom: canvas.text("help.close_history"), in: inside)
        if let field = canvas.ui.noteField {
            NoteDialogView.render(&canvas, field: field, in: inside)
        }
    }

    static func lines(_ canvas: Canvas, width: Int) -> [Line] {
        let watch = canvas.model.watch
        let history = HistoryText(language: canvas.settings.currentLanguage, clock: canvas.model.clock)
        let fit = { (text: String) in canvas.metrics.truncate(text, toWidth: width) }
        var lines = [Line(fit(history.recorder(watch)), style: .colored(.muted))]
        if let problem = watch.lockProblem {
            // Said, never silent (SPEC §15.2); recording and alerting go on by the folder's lock.
            lines.append(Line(fit("⚠ " + canvas.text("ui.history.lock_problem", ["problem": TextSanitizer.clean(problem)])),
                              style: .colored(.warning)))
        }
        guard let summary = watch.history else {
            lines.append(Line(fit(canvas.text("ui.history.nothing_yet")), style: .colored(.muted)))
            return lines
        }
        let listed = HistoryIncidents.listed(summary, servers: canvas.settings.availableServers)
        let selectedId = listed.isEmpty ? nil : listed[min(max(0, canvas.ui.historySelection), listed.count - 1)].id
        for server in canvas.settings.availableServers {
            lines.append(Line(""))
            var title = Line(fit(canvas.text.serverName(server)), style: .bold)
            if let mute = canvas.model.time.mute(of: server.id) {
                title.spans.append(Span("  " + canvas.text("ui.muted_until", ["time": canvas.model.clock.time(mute.until)]),
                                        style: .colored(.warning)))
            }
            lines.append(title)
            for window in HistoryWindow.allCases {
                lines.append(Line(fit("  " + history.windowLine(window, summary.figures[server.id]?[window]))))
            }
            let incidents = summary.incidents(of: server.id)
            if incidents.isEmpty {
                lines.append(Line(fit("  " + canvas.text("ui.history.no_incidents")), style: .colored(.muted)))
            }
            for incident in incidents.prefix(HistoryIncidents.shownPerServer) {
                let selected = incident.id == selectedId
                // `overlayNow` is set whenever this overlay is open (`ScreenTime`).
                let mark = selected ? (canvas.plain ? "> " : "▸ ") : "  "
                let line = fit(mark + history.incidentLine(incident, now: canvas.model.time.overlayNow ?? 0))
                var style: Style = incident.isOpen ? .colored(.error) : .plain
                if selected { style = incident.isOpen ? .colored(.error, .bold) : .bold }
                lines.append(Line(line, style: style))
                for note in summary.notes[incident.id] ?? [] {
                    let text = canvas.model.clock.dateAndTime(Double(note.at) / 1000) + " " + note.author + ": "
                        + TextSanitizer.clean(note.text)
                    lines.append(Line(fit((canvas.plain ? "      - " : "      ✎ ") + text), style: .colored(.muted)))
                }
            }
            if incidents.count > HistoryIncidents.shownPerServer {
                let more = String(incidents.count - HistoryIncidents.shownPerServer)
                lines.append(Line(fit("  " + canvas.text("ui.history.more_incidents", ["count": more])), style: .colored(.muted)))
            }
        }
        return lines
    }
}
