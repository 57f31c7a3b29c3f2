import AppCore
import TerminalRendering

/// `h` in the screen-reader mode (SPEC §10.4, §15.2, §16): the history view of
/// `HistoryOverlayView` as labelled lines. "Server: pn51", "Period: 24 h: 99.9 % …",
/// "Incident: 12:03–12:10 …" (the selected one under the cursor, the one `n` writes a note on),
/// "Note: …". It scrolls as the boxed view does.
enum PlainHistoryOverlay {
    static func render(_ canvas: inout Canvas, in area: Rect) {
        PlainOverlay.render(&canvas, lines(canvas), in: area, scroll: canvas.ui.helpScroll)
        if let field = canvas.ui.noteField {
            PlainOverlay.note(&canvas, field: field, in: area)
        }
    }

    static func lines(_ canvas: Canvas) -> [PlainLine] {
        let text = canvas.text
        let watch = canvas.model.watch
        let history = HistoryText(language: canvas.settings.currentLanguage, clock: canvas.model.clock)
        let title = text("ui.history.title")
        var lines = [PlainOverlay.title(canvas, title), PlainLine(title, history.recorder(watch))]
        if let problem = watch.lockProblem {
            lines.append(PlainLine(text("ui.warning_label"),
                                   text("ui.history.lock_problem", ["problem": TextSanitizer.clean(problem)])))
        }
        let keys = PlainLine(text("ui.plain.label.keys"), text("help.close_history"))
        guard let summary = watch.history else {
            return lines + [PlainLine(title, text("ui.history.nothing_yet")), keys]
        }
        let listed = HistoryIncidents.listed(summary, servers: canvas.settings.availableServers)
        let selectedId = listed.isEmpty ? nil : listed[min(max(0, canvas.ui.historySelection), listed.count - 1)].id
        let incident = text("ui.plain.label.incident")
        for server in canvas.settings.availableServers {
            lines.append(PlainLine(text("ui.plain.label.server"), text.serverName(server), style: .bold))
            if let mute = canvas.model.time.mute(of: server.id) {
                lines.append(PlainLine(text("ui.panel.alerts"), text("ui.muted_until", ["time": canvas.model.clock.time(mute.until)])))
            }
            for window in HistoryWindow.allCases {
                lines.append(PlainLine(text("ui.plain.label.period"), history.windowLine(window, summary.figures[server.id]?[window])))
            }
            let incidents = summary.incidents(of: server.id)
            if incidents.isEmpty {
                lines.append(PlainLine(incident, text("ui.history.no_incidents")))
            }
            for item in incidents.prefix(HistoryIncidents.shownPerServer) {
                // `overlayNow` is set whenever this overlay is open (`ScreenTime`).
                lines.append(PlainLine(incident, history.incidentLine(item, now: canvas.model.time.overlayNow ?? 0),
                                       style: item.isOpen ? .colored(.error) : .plain, isFocused: item.id == selectedId))
                for note in summary.notes[item.id] ?? [] {
                    let words = canvas.model.clock.dateAndTime(Double(note.at) / 1000) + " " + note.author + ": "
                        + TextSanitizer.clean(note.text)
                    lines.append(PlainLine(text("ui.plain.label.note"), words))
                }
            }
            if incidents.count > HistoryIncidents.shownPerServer {
                let more = String(incidents.count - HistoryIncidents.shownPerServer)
                lines.append(PlainLine(incident, text("ui.history.more_incidents", ["count": more])))
            }
        }
        return lines + [keys]
    }
}
