import AppCore
import TerminalRendering

/// The server history (`serverHistory`: newest first, one entry per server): when each server
/// was last used and whether that switch worked.
enum HistoryView {
    static func render(_ canvas: inout Canvas, in area: Rect) {
        guard area.height >= 3 else { return }
        let inner = canvas.box(area, title: Line(canvas.text("ui.panel.history"), style: .bold)).inset(left: 1, right: 1)
        let history = canvas.settings.serverHistory
        guard !history.isEmpty else {
            canvas.draw(canvas.text("ui.history.empty"), in: inner.row(0), style: .colored(.muted))
            return
        }
        let text = canvas.text
        let timeOnly = canvas.model.time.historyTimeOnly
        let rows = zip(history.prefix(inner.height), timeOnly).map { entry, timeOnly in
            let when = timeOnly
                ? canvas.model.clock.time(entry.lastUsed) : canvas.model.clock.dateAndTime(entry.lastUsed)
            let outcome = entry.successful
                ? Span(text.milliseconds(entry.durationMs), style: .colored(.ok))
                : Span(text("ui.history.failed"), style: .colored(.error))
            let mark = canvas.plain ? nil : Span(entry.successful ? "✓ " : "✗ ", style: outcome.style)
            return (when: when, name: text.serverName(id: entry.serverId), mark: mark, outcome: outcome)
        }
        let whenWidth = rows.map { canvas.width($0.when) }.max() ?? 0
        let outcomeWidth = rows.map { canvas.width(($0.mark?.text ?? "") + $0.outcome.text) }.max() ?? 0
        // The name takes what the time and the outcome leave.
        let nameWidth = max(4, min(rows.map { canvas.width($0.name) }.max() ?? 0, inner.width - whenWidth - outcomeWidth - 2))
        for (index, row) in rows.enumerated() {
            var line = Line([Span(canvas.fit(row.when, whenWidth) + " ", style: .colored(.muted)),
                             Span(canvas.fit(row.name, nameWidth) + " ", style: .bold)])
            if let mark = row.mark { line.spans.append(mark) }
            line.spans.append(row.outcome)
            canvas.draw(line, in: inner.row(index))
        }
    }

    /// Today's switches need only the time; older ones their date as well.
    static func showsTimeOnly(_ entry: ServerHistoryEntry, now: Double) -> Bool {
        now - entry.lastUsed < 86_400 && entry.lastUsed <= now
    }
}
