import AppCore
import TerminalRendering

/// `h`: every server's uptime, coverage and percentiles per window, and its incidents with
/// local times, durations, reasons and notes (SPEC §15.2, §16), and which process records.
/// Scrolls with ↑↓, which also move the selected incident (`▸`) that `n` writes a note on;
/// the note's field opens over the view (`NoteDialogView`).
enum HistoryOverlayView {
    static func render(_ canvas: inout Canvas, in inside: Rect) {
        if canvas.plain { return PlainHistoryOverlay.render(&canvas, in: inside) }
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
        // Wrapped under their own start, never cut (a reason or a note is read whole).
        let wrap = { (lead: String, text: String, style: Style) -> [Line] in
            wrapped(lead, text, style: style, width: width, metrics: canvas.metrics)
        }
        var lines = wrap("", history.recorder(watch), .colored(.muted))
        if let problem = watch.lockProblem {
            // Said, never silent (SPEC §15.2); recording and alerting go on by the folder's lock.
            lines += wrap("⚠ ", canvas.text("ui.history.lock_problem", ["problem": TextSanitizer.clean(problem)]),
                          .colored(.warning))
        }
        guard let summary = watch.history else {
            lines += wrap("", canvas.text("ui.history.nothing_yet"), .colored(.muted))
            return lines
        }
        let listed = HistoryIncidents.listed(summary, servers: canvas.settings.availableServers)
        let selectedId = listed.isEmpty ? nil : listed[min(max(0, canvas.ui.historySelection), listed.count - 1)].id
        for server in canvas.settings.availableServers {
            lines.append(Line(""))
            lines += wrap("", canvas.text.serverName(server), .bold)
            if let mute = canvas.model.time.mute(of: server.id) {
                lines += wrap("  ", canvas.text("ui.muted_until", ["time": canvas.model.clock.time(mute.until)]),
                              .colored(.warning))
            }
            for window in HistoryWindow.allCases {
                lines += wrap("  ", history.windowLine(window, summary.figures[server.id]?[window]), .plain)
            }
            let incidents = summary.incidents(of: server.id)
            if incidents.isEmpty {
                lines += wrap("  ", canvas.text("ui.history.no_incidents"), .colored(.muted))
            }
            for incident in incidents.prefix(HistoryIncidents.shownPerServer) {
                let selected = incident.id == selectedId
                // `overlayNow` is set whenever this overlay is open (`ScreenTime`).
                let mark = selected ? (canvas.plain ? "> " : "▸ ") : "  "
                var style: Style = incident.isOpen ? .colored(.error) : .plain
                if selected { style = incident.isOpen ? .colored(.error, .bold) : .bold }
                lines += wrap(mark, history.incidentLine(incident, now: canvas.model.time.overlayNow ?? 0), style)
                for note in summary.notes[incident.id] ?? [] {
                    let text = canvas.model.clock.dateAndTime(Double(note.at) / 1000) + " " + note.author + ": "
                        + TextSanitizer.clean(note.text)
                    lines += wrap(canvas.plain ? "      - " : "      ✎ ", text, .colored(.muted))
                }
            }
            if incidents.count > HistoryIncidents.shownPerServer {
                let more = String(incidents.count - HistoryIncidents.shownPerServer)
                lines += wrap("  ", canvas.text("ui.history.more_incidents", ["count": more]), .colored(.muted))
            }
        }
        return lines
    }

    /// `text` after `lead` (a margin or a mark), wrapped in `width` columns under its own start.
    static func wrapped(_ lead: String, _ text: String, style: Style, width: Int, metrics: DisplayWidth) -> [Line] {
        let indent = metrics.width(of: lead)
        let room = width - indent >= 12 ? width - indent : width
        let pieces = LineBreaker.wrap(text, width: max(1, room), metrics: metrics)
        guard room < width else { return (lead.isEmpty ? [] : [Line(lead, style: style)]) + pieces.map { Line($0, style: style) } }
        return pieces.enumerated().map { number, piece in
            Line((number == 0 ? lead : String(repeating: " ", count: indent)) + piece, style: style)
        }
    }
}
