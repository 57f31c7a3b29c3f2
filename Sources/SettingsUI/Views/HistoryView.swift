import AppCore
import TerminalRendering

/// The server history (`serverHistory`: newest first, one entry per server): when each server
/// was last used, how long that switch took and whether it worked. The time and the
/// milliseconds are columns every row keeps; the name, and after it the word for a failed
/// switch, take what is left and are what a narrow box cuts.
enum HistoryView {
    static func render(_ canvas: inout Canvas, in area: Rect) {
        guard area.height >= 3 else { return }
        let inner = canvas.box(area, title: Line(canvas.text("ui.panel.history"), style: .bold)).inset(left: 1, right: 1)
        let history = canvas.settings.serverHistory
        guard !history.isEmpty else {
            canvas.draw(canvas.text("ui.history.empty"), in: inner.row(0), style: .colored(.muted))
            return
        }
        let timeOnly = canvas.model.time.historyTimeOnly
        for (index, line) in lines(canvas, Array(history.prefix(inner.height)), timeOnly: timeOnly,
                                   width: inner.width).enumerated() {
            canvas.draw(line, in: inner.row(index))
        }
    }

    /// One row per entry in `width` columns: time, mark and milliseconds (right-aligned, so
    /// the figures line up), then the name and, for a failed switch, its word.
    static func lines(_ canvas: Canvas, _ history: [ServerHistoryEntry], timeOnly: [Bool], width: Int) -> [Line] {
        let text = canvas.text
        let rows = zip(history, timeOnly + Array(repeating: false, count: max(0, history.count - timeOnly.count))).map { entry, timeOnly in
            let when = timeOnly
                ? canvas.model.clock.time(entry.lastUsed) : canvas.model.clock.dateAndTime(entry.lastUsed)
            let style: Style = .colored(entry.successful ? .ok : .error)
            let mark = canvas.plain ? "" : (entry.successful ? "✓ " : "✗ ")
            return (when: when, mark: Span(mark, style: style), ms: Span(text.milliseconds(entry.durationMs), style: style),
                    name: text.serverName(id: entry.serverId), shortName: text.shortServerName(id: entry.serverId),
                    failed: entry.successful ? nil : text("ui.history.failed"))
        }
        let whenWidth = rows.map { canvas.width($0.when) }.max() ?? 0
        let msWidth = rows.map { canvas.width($0.ms.text) }.max() ?? 0
        return rows.map { row in
            let ms = String(repeating: " ", count: max(0, msWidth - canvas.width(row.ms.text))) + row.ms.text
            var line = Line([Span(row.when + String(repeating: " ", count: whenWidth - canvas.width(row.when)) + " ",
                                  style: .colored(.muted)),
                             row.mark, Span(ms + "  ", style: row.ms.style)])
            // The name with its A-label where the row has room for both, else the name alone.
            let room = width - line.width(canvas.metrics)
            line.spans.append(Span(canvas.width(row.name) <= room ? row.name : row.shortName, style: .bold))
            // The word for a failure only whole: the mark already says it.
            if let failed = row.failed, line.width(canvas.metrics) + canvas.width(" · " + failed) <= width {
                line.spans.append(Span(" · " + failed, style: row.ms.style))
            }
            return line.truncated(toWidth: width, metrics: canvas.metrics)
        }
    }

    /// Today's switches need only the time; older ones their date as well.
    static func showsTimeOnly(_ entry: ServerHistoryEntry, now: Double) -> Bool {
        now - entry.lastUsed < 86_400 && entry.lastUsed <= now
    }
}
