import AppCore
import TerminalRendering

/// The timeline of recent events on a large main screen: local time, a mark, what happened,
/// newest first, as many as fit. Drawn from `settings.timeline`, which the store keeps bounded.
enum TimelineView {
    static func render(_ canvas: inout Canvas, in area: Rect) {
        guard area.height >= 3 else { return }
        let inner = canvas.box(area, title: Line(canvas.text("ui.panel.timeline"), style: .bold)).inset(left: 1, right: 1)
        let entries = canvas.settings.timeline
        guard !entries.isEmpty else {
            canvas.draw(canvas.text("ui.timeline.empty"), in: inner.row(0), style: .colored(.muted))
            return
        }
        for (index, entry) in entries.prefix(inner.height).enumerated() {
            canvas.draw(line(canvas, entry), in: inner.row(index))
        }
    }

    static func line(_ canvas: Canvas, _ entry: TimelineEntry) -> Line {
        let (symbol, color) = mark(entry)
        var line = Line([Span(canvas.model.clock.time(entry.at) + " ", style: .colored(.muted))])
        if !canvas.plain {
            line.spans.append(Span(symbol + " ", style: .colored(color, .bold)))
        }
        line.spans.append(Span(words(canvas, entry), style: entry.kind == .statusChanged ? .plain : .colored(color)))
        return line
    }

    static func words(_ canvas: Canvas, _ entry: TimelineEntry) -> String {
        let text = canvas.text
        var parameters = ["server": text.serverName(id: entry.serverId)]
        if let code = entry.code {
            parameters["reason"] = text("error.\(code.rawValue).short", text.parameters([:], code: code, reason: nil))
        } else {
            parameters["reason"] = "?"
        }
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
                return text("ui.timeline.status_changed_after", parameters)
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
