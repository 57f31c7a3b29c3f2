import AppCore
import TerminalRendering

/// The timeline of recent events on a large main screen: local time, a mark, what happened,
/// newest first, as many as fit. Drawn from `settings.timeline`, which the store keeps bounded.
/// An event's words wrap under themselves (the time and mark stay a column of their own)
/// rather than being cut: an event is shown whole or not at all, except the newest one on a
/// box too short for it, whose last row ends in `…`.
enum TimelineView {
    static func render(_ canvas: inout Canvas, in area: Rect) {
        guard area.height >= 3 else { return }
        let inner = canvas.box(area, title: Line(canvas.text("ui.panel.timeline"), style: .bold)).inset(left: 1, right: 1)
        let entries = canvas.settings.timeline
        guard !entries.isEmpty else {
            let empty = LineBreaker.wrap(canvas.text("ui.timeline.empty"), width: max(1, inner.width), metrics: canvas.metrics)
            for (index, piece) in empty.prefix(inner.height).enumerated() {
                canvas.draw(piece, in: inner.row(index), style: .colored(.muted))
            }
            return
        }
        var row = 0
        for index in entries.indices {
            var lines = self.lines(canvas, entries, at: index, width: inner.width)
            if row + lines.count > inner.height {
                guard row == 0 else { break }
                lines = Array(lines.prefix(inner.height))
                if let last = lines.popLast() {
                    lines.append(last.truncated(toWidth: inner.width - 1, metrics: canvas.metrics) + Line("…"))
                }
            }
            for line in lines {
                canvas.draw(line, in: inner.row(row))
                row += 1
            }
            if row >= inner.height { break }
        }
    }

    /// The rows of the event at `index` of `entries` in `width` columns: the time and mark on
    /// the first, the words wrapped under themselves.
    static func lines(_ canvas: Canvas, _ entries: [TimelineEntry], at index: Int, width: Int) -> [Line] {
        let entry = entries[index]
        let (symbol, color) = mark(entry)
        var lead = [Span(canvas.model.clock.time(entry.at) + " ", style: .colored(.muted))]
        if !canvas.plain {
            lead.append(Span(symbol + " ", style: .colored(color, .bold)))
        }
        let indent = Line(lead).width(canvas.metrics)
        let style: Style = entry.kind == .statusChanged ? .plain : .colored(color)
        let text = words(canvas, entry, previous: previousStatus(entries, before: index))
        // Too narrow to keep a column for the words: they wrap under the time instead.
        let room = width - indent >= 12 ? width - indent : width
        let pieces = LineBreaker.wrap(text, width: max(1, room), metrics: canvas.metrics)
        guard room < width else { return [Line(lead)] + pieces.map { Line($0, style: style) } }
        let margin = Span(String(repeating: " ", count: indent))
        return pieces.enumerated().map { number, piece in
            Line((number == 0 ? lead : [margin]) + [Span(piece, style: style)])
        }
    }

    /// The status the server had before the change at `index` (the next older status change of
    /// the same server), so "before" can say what it was.
    static func previousStatus(_ entries: [TimelineEntry], before index: Int) -> ConnectionStatus? {
        let entry = entries[index]
        guard entry.kind == .statusChanged else { return nil }
        return entries[(index + 1)...].first { $0.kind == .statusChanged && $0.serverId == entry.serverId }?.status
    }

    static func words(_ canvas: Canvas, _ entry: TimelineEntry, previous: ConnectionStatus? = nil) -> String {
        let text = canvas.text
        var parameters = ["server": text.serverName(id: entry.serverId)]
        parameters["reason"] = text.shortReason(entry) ?? "?"
        if let ms = entry.durationMs {
            parameters["ms"] = text.milliseconds(ms)
        } else {
            parameters["ms"] = "?"
        }
        switch entry.kind {
        case .statusChanged:
            parameters["status"] = entry.status.map(text.statusWord) ?? "?"
            if let lasted = entry.previousDuration, lasted.isFinite, lasted >= 0 {
                parameters["duration"] = duration(lasted, text)
                // "down 93 s before": what the status was, in words, when the timeline knows it.
                switch previous {
                case .connected: return text("ui.timeline.status_changed_after_connected", parameters)
                case .disconnected: return text("ui.timeline.status_changed_after_disconnected", parameters)
                case .error: return text("ui.timeline.status_changed_after_error", parameters)
                case .testing, .switching, nil: return text("ui.timeline.status_changed_after", parameters)
                }
            }
            return text("ui.timeline.status_changed", parameters)
        case .switched: return text("ui.timeline.switched", parameters)
        case .switchFailed: return text("ui.timeline.switch_failed", parameters)
        case .switchCancelled: return text("ui.timeline.switch_cancelled", parameters)
        case .fallback: return text("ui.timeline.fallback", parameters)
        case .recovered: return text("ui.timeline.recovered", parameters)
        case .signedIn: return text("ui.timeline.signed_in", parameters)
        case .signedOut: return text("ui.timeline.signed_out", parameters)
        case .settingsEdited: return text("ui.timeline.settings_edited", parameters)
        }
    }

    /// "45 s", "12 min", "3 h", "2 d".
    static func duration(_ seconds: Double, _ text: UIText) -> String {
        DurationText.text(seconds: seconds) { text($0, $1) }
    }

    private static func mark(_ entry: TimelineEntry) -> (String, SemanticColor) {
        switch entry.kind {
        case .statusChanged:
            let status = entry.status ?? .disconnected
            return (StatusIndicator.symbol(status), StatusIndicator.color(status))
        case .switched, .recovered, .signedIn: return ("✓", .ok)
        case .switchFailed: return ("✗", .error)
        case .fallback: return ("!", .warning)
        case .switchCancelled, .signedOut, .settingsEdited: return ("·", .muted)
        }
    }
}
