import AppCore
import TerminalRendering

/// The pane's server list: marker, title, address, live status word, response time or reason.
/// Only the visible rows are laid out, so 200 custom servers cost what 10 do.
enum PaneListView {
    private struct Columns {
        var marker: Int
        var title: Int
        var url: Int
        var status: Int
        var detail: Int
    }

    static func render(_ canvas: inout Canvas, in area: Rect, header: Rect) {
        let settings = canvas.settings
        let ui = canvas.ui
        let rowCount = ScreenState.paneRowCount(settings)
        let offset = scrollOffset(cursor: ui.paneRow(settings), rows: area.height, count: rowCount)
        let heading = canvas.plain
            ? PlainLine.sentence(label: canvas.text("ui.pane.backend_server"), value: canvas.text("ui.plain.numbers_choose"))
            : canvas.text("ui.pane.backend_server")
        canvas.draw(Line(heading, style: .bold), in: header)
        if rowCount > area.height && area.height > 0 {
            let position = "\(offset + 1)–\(offset + area.height)/\(rowCount)"
            canvas.draw(position, in: header, style: .colored(.muted), alignment: .right)
        }
        guard !area.isEmpty else { return }

        let columns = self.columns(canvas, width: area.width)
        let marked = ScreenState.paneMarkedServerId(settings)
        let focused = canvas.focus == .paneList
        for index in offset..<min(rowCount, offset + area.height) {
            let rowArea = area.row(index - offset)
            canvas.clickable(rowArea, .paneRow(index))
            if canvas.plain {
                // "Server 2: Mac Mini, https://…, Error, HTTP 502": a sentence, numbered as 1–9 choose.
                canvas.draw(PlainPaneRow.sentence(canvas, number: index + 1, row: plainRow(canvas, index: index, marked: marked)),
                            in: rowArea)
            } else if settings.availableServers.indices.contains(index) {
                let server = settings.availableServers[index]
                canvas.draw(line(canvas, server: server, isMarked: server.id == marked, columns: columns), in: rowArea)
            } else {
                canvas.draw(Line([Span(" " + canvas.fit("+", columns.marker - 1)),
                                  Span(canvas.text("ui.pane.add_custom"), style: .colored(.accent))]), in: rowArea)
            }
            if focused && index == ui.paneRow(settings) {
                canvas.highlight(rowArea)
                canvas.markFocus(x: rowArea.x + 1, y: rowArea.y)
            }
        }
    }

    /// The row's words for `--plain`, each column whole (the sentence is not a table).
    private static func plainRow(_ canvas: Canvas, index: Int, marked: String?) -> PlainPaneRow.Words {
        guard canvas.settings.availableServers.indices.contains(index) else {
            return PlainPaneRow.Words(parts: [canvas.text("ui.pane.add_custom")], isChosen: false)
        }
        let server = canvas.settings.availableServers[index]
        let whole = Columns(marker: 1, title: PlainPaneRow.wholeColumn, url: PlainPaneRow.wholeColumn,
                            status: PlainPaneRow.wholeColumn, detail: PlainPaneRow.wholeColumn)
        let spans = line(canvas, server: server, isMarked: server.id == marked, columns: whole).spans.dropFirst(2)
        return PlainPaneRow.Words(parts: spans.map(\.text), isChosen: server.id == marked)
    }

    /// 0, or just enough to show the cursor with one row of context below it when possible.
    static func scrollOffset(cursor: Int, rows: Int, count: Int) -> Int {
        guard rows > 0, count > rows else { return 0 }
        let wanted = cursor - rows + 2
        return min(max(0, wanted), count - rows)
    }

    private static func columns(_ canvas: Canvas, width: Int) -> Columns {
        let markerWidth = canvas.width(canvas.plain ? "(*)" : "●") + 2
        // The widest title, up to a cap: stop measuring once one reaches it (200 long names).
        let cap = max(12, width / 4)
        var title = 0
        for server in canvas.settings.availableServers where title < cap {
            title = max(title, canvas.width(canvas.text.serverTitle(server)))
        }
        title = min(title, cap)
        // The widest status word the rows show now (not of every word there is): the room it
        // leaves goes to the addresses.
        var status = 0
        for server in canvas.settings.availableServers.prefix(50) {
            if let summary = summary(for: server, settings: canvas.settings) {
                status = max(status, canvas.width(canvas.text.statusWord(summary.status)))
            }
        }
        if status == 0 { status = canvas.text.widestStatusWord(canvas.metrics) }
        // The reasons ("untrusted certificate"), the 24 h uptime and "muted until" get their room
        // before the addresses, which shorten in the middle and keep their hosts.
        var widestDetail = 8
        for server in canvas.settings.availableServers.prefix(50) {
            let extras = watchText(canvas, server: server)
            let detail = summary(for: server, settings: canvas.settings).map { shownDetail($0, canvas) }
            let shown = [detail, extras.isEmpty ? nil : extras].compactMap { $0 }.joined(separator: "  ")
            widestDetail = max(widestDetail, canvas.width(shown))
        }
        let gaps = 6
        let rest = width - markerWidth - title - status - gaps
        // The address keeps up to 40 cells (the prefilled ones whole at 100 columns), at least a third.
        let detail = max(0, min(widestDetail, rest - min(40, max(0, rest / 3))))
        var url = rest - detail
        if url < 12 {
            title += max(0, url)
            url = 0
        }
        return Columns(marker: markerWidth, title: max(0, title), url: url, status: status, detail: detail)
    }

    private static func line(_ canvas: Canvas, server: ServerConfig, isMarked: Bool, columns: Columns) -> Line {
        let text = canvas.text
        let markers = canvas.plain ? ListMarkers.ascii : ListMarkers.radio
        var line = Line([
            Span(" "),
            Span(canvas.fit(isMarked ? markers.chosen : markers.other, columns.marker - 1), style: isMarked ? .colored(.accent) : .plain),
            Span(canvas.fit(text.serverTitle(server), columns.title), style: isMarked ? .bold : .plain),
            Span("  "),
        ])
        if columns.url > 0 {
            let address = URLShortener.shorten(UIText.clean(server.baseUrl), toWidth: columns.url, metrics: canvas.metrics)
            line.spans.append(Span(canvas.fit(address, columns.url), style: .colored(.muted)))
            line.spans.append(Span("  "))
        }
        let extras = watchText(canvas, server: server)
        guard let summary = summary(for: server, settings: canvas.settings) else {
            if !extras.isEmpty {
                line.spans.append(Span(canvas.fit(extras, columns.status + 2 + columns.detail), style: .colored(.muted)))
            }
            return line
        }
        line.spans.append(Span(canvas.fit(text.statusWord(summary.status), columns.status),
                               style: .colored(StatusIndicator.color(summary.status))))
        line.spans.append(Span("  "))
        let warned = !HealthWarnings.of(summary, slowThresholdMs: Double(canvas.settings.watchSettings.slowThresholdMs)).isEmpty
        let style: Style = summary.error != nil ? .colored(.error) : (warned ? .colored(.warning) : .plain)
        let detail = shownDetail(summary, canvas)
        line.spans.append(Span(canvas.fit(extras.isEmpty ? detail : detail + "  " + extras, columns.detail), style: style))
        return line
    }

    /// "24 h 99.93 %" from history and "muted until 14:30"
    /// while the server's alerts wait (SPEC §15.2, §15.3); empty when there is neither.
    private static func watchText(_ canvas: Canvas, server: ServerConfig) -> String {
        let watch = canvas.model.watch
        var parts: [String] = []
        // The drill first, then the mute: where the row is too narrow, the uptime is what is cut.
        if let drill = canvas.model.time.drill, drill.serverId == server.id {
            parts.append(canvas.text("ui.drill_row", ["mark": canvas.text("drill.mark"),
                                                      "scenario": canvas.text("drill.scenario.\(drill.scenario.rawValue)")]))
        }
        if let mute = canvas.model.time.mute(of: server.id) {
            parts.append(canvas.text("ui.muted_until", ["time": canvas.model.clock.time(mute.until)]))
        }
        if let day = watch.history?.figures[server.id]?[.day], day.probes > 0 {
            let history = HistoryText(language: canvas.settings.currentLanguage, clock: canvas.model.clock)
            // Without its coverage (the panel and `h` give it): the row keeps room for the address.
            parts.append(canvas.text("ui.pane.uptime_24h", ["uptime": history.uptime(day.uptimeRatio)]))
        }
        return parts.joined(separator: " · ")
    }

    /// The detail column: a mark before it when the server has a warning, so a warning never
    /// rests on colour; a slow answer also gets its word (an ending certificate's detail already
    /// says it in words).
    private static func shownDetail(_ summary: ServerProbeSummary, _ canvas: Canvas) -> String {
        let text = canvas.text
        let shown = detail(summary, text)
        let warnings = HealthWarnings.of(summary, slowThresholdMs: Double(canvas.settings.watchSettings.slowThresholdMs))
        guard !warnings.isEmpty else { return shown }
        let mark = canvas.plain ? text("ui.warning_label") + ": " : "⚠ "
        let slow = warnings.contains { $0.code == .slowResponse } && summary.warning == nil
        return mark + (slow ? text("status.warning.slow_response") + " " : "") + shown
    }

    /// The server's last pane test, or for the current server the main status.
    private static func summary(for server: ServerConfig, settings: SettingsState) -> ServerProbeSummary? {
        if let summary = settings.serverStatuses[server.id] {
            return summary
        }
        guard server.id == settings.currentServer.id else { return nil }
        let detailed = settings.detailedStatus?.serverId == server.id ? settings.detailedStatus : nil
        return ServerProbeSummary(status: settings.connectionStatus, responseTime: detailed?.responseTime,
                                  warning: detailed?.warnings.first)
    }

    private static func detail(_ summary: ServerProbeSummary, _ text: UIText) -> String {
        if let error = summary.error {
            return text.shortError(error, httpStatus: summary.httpStatus)
        }
        if let warning = summary.warning, let days = warning.parameters["days"] {
            // An ending certificate outweighs the response time in this narrow column.
            return text("ui.pane.certificate_days", ["days": days])
        }
        switch summary.status {
        case .connected, .testing:
            return summary.responseTime.map(text.milliseconds) ?? ""
        case .error, .disconnected, .switching:
            return summary.httpStatus.map { text("ui.http_status", ["status": String($0)]) } ?? ""
        }
    }
}
