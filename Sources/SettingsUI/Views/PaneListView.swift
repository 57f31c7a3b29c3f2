import AppCore
import TerminalRendering

/// The pane's server list: marker, title, address, live status word, response time or reason,
/// how old that word is, and the watch's words (drill, mute, 24 h uptime). The columns are
/// `PaneColumns`: the words get their room before the address. Only the rows shown and the
/// first fifty are measured, so 200 custom servers cost what 10 do.
enum PaneListView {
    /// What one server's row says, before it is fitted to the columns.
    struct RowTexts: Equatable {
        var title: String
        var address: String
        /// nil: no test of this server yet.
        var status: ConnectionStatus?
        var statusWord: String
        var detail: String
        var detailStyle: Style
        /// "12 s ago": how old the status word is; empty while a first test runs.
        var age: String
        var extras: String
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
        if canvas.plain {
            renderPlain(&canvas, in: area, offset: offset, rowCount: rowCount)
            return
        }

        let shown = offset..<min(rowCount, offset + area.height)
        let columns = self.columns(canvas, width: area.width, shown: shown)
        let focused = canvas.focus == .paneList
        for index in shown {
            let rowArea = area.row(index - offset)
            canvas.clickable(rowArea, .paneRow(index))
            canvas.draw(line(canvas, row: index, columns: columns, width: rowArea.width), in: rowArea)
            if focused && index == ui.paneRow(settings) {
                canvas.highlight(rowArea)
                canvas.markFocus(x: rowArea.x + 1, y: rowArea.y)
            }
        }
    }

    /// The rows the whole list takes at `width`: one a server (and "Add"), or under `--plain`
    /// the rows of its wrapped sentences (the first fifty measured, the rest a row each).
    static func rowsNeeded(_ canvas: Canvas, width: Int) -> Int {
        let count = ScreenState.paneRowCount(canvas.settings)
        guard canvas.plain else { return count }
        let measured = min(count, 50)
        let lines = (0..<measured).map { plainLine(canvas, index: $0, isFocused: false) }
        return PlainDocument.height(lines, width: width, metrics: canvas.metrics) + (count - measured)
    }

    private static func plainLine(_ canvas: Canvas, index: Int, isFocused: Bool) -> PlainLine {
        PlainLine(PlainPaneRow.label(canvas, number: index + 1), PlainPaneRow.value(canvas, row: plainRow(canvas, index: index)),
                  isFocused: isFocused)
    }

    /// `--plain`: each row a sentence ("Server 2: Mac Mini, https://…, Error, server error 502,
    /// 12 s ago"), numbered as 1–9 choose, wrapped on rows that repeat its label rather than
    /// cut: a screen reader reads every word of it (SPEC §10.4).
    private static func renderPlain(_ canvas: inout Canvas, in area: Rect, offset: Int, rowCount: Int) {
        let cursor = canvas.ui.paneRow(canvas.settings)
        let focused = canvas.focus == .paneList
        let lines = (offset..<min(rowCount, offset + area.height)).map { index in
            plainLine(canvas, index: index, isFocused: focused && index == cursor)
        }
        PlainDocument.render(lines, canvas: &canvas, in: area)
    }

    /// The row's words for `--plain`, each whole (the sentence is not a table).
    private static func plainRow(_ canvas: Canvas, index: Int) -> PlainPaneRow.Words {
        guard canvas.settings.availableServers.indices.contains(index) else {
            return PlainPaneRow.Words(parts: [canvas.text("ui.pane.add_custom")], isChosen: false)
        }
        let server = canvas.settings.availableServers[index]
        let row = texts(canvas, server: server)
        let parts = [row.title, row.address, row.statusWord, row.detail, row.age, row.extras].filter { !$0.isEmpty }
        return PlainPaneRow.Words(parts: parts, isChosen: server.id == ScreenState.paneMarkedServerId(canvas.settings))
    }

    /// 0, or just enough to show the cursor with one row of context below it when possible.
    static func scrollOffset(cursor: Int, rows: Int, count: Int) -> Int {
        guard rows > 0, count > rows else { return 0 }
        let wanted = cursor - rows + 2
        return min(max(0, wanted), count - rows)
    }

    /// The columns for rows `width` cells wide, measured over the rows `shown` and the first fifty.
    static func columns(_ canvas: Canvas, width: Int, shown: Range<Int>) -> PaneColumns {
        let servers = canvas.settings.availableServers
        var measured = Array(servers.indices.prefix(50))
        measured += shown.filter { $0 >= 50 && servers.indices.contains($0) }
        var needs = PaneColumns.Needs(marker: canvas.width(canvas.plain ? "(*)" : "●") + 2, title: 0, address: 0,
                                      status: 0, detail: 0, age: 0, extras: 0)
        for index in measured {
            let row = texts(canvas, server: servers[index])
            needs.title = max(needs.title, canvas.width(row.title))
            needs.address = max(needs.address, canvas.width(row.address))
            needs.status = max(needs.status, canvas.width(row.statusWord))
            needs.detail = max(needs.detail, canvas.width(row.detail))
            needs.age = max(needs.age, canvas.width(row.age))
            needs.extras = max(needs.extras, canvas.width(row.extras))
        }
        // Room for two-digit ages, so the columns do not move every time one reaches 10 s.
        if needs.age > 0 { needs.age = max(needs.age, canvas.width(canvas.text.checkedAgo(.seconds(10)))) }
        if needs.status == 0 { needs.status = canvas.text.widestStatusWord(canvas.metrics) }
        return PaneColumns(needs, width: width)
    }

    /// Row `index` of the list (a server, or "Add Custom Server..." after them), exactly `width` cells wide.
    static func line(_ canvas: Canvas, row index: Int, columns: PaneColumns, width: Int) -> Line {
        let settings = canvas.settings
        var line: Line
        if settings.availableServers.indices.contains(index) {
            let server = settings.availableServers[index]
            line = self.line(canvas, texts(canvas, server: server), isMarked: server.id == ScreenState.paneMarkedServerId(settings),
                             columns: columns)
        } else {
            line = Line([Span(" " + canvas.fit("+", columns.marker - 1)),
                         Span(canvas.text("ui.pane.add_custom"), style: .colored(.accent))])
        }
        line = line.truncated(toWidth: width, metrics: canvas.metrics)
        let blank = width - line.width(canvas.metrics)
        if blank > 0 { line.spans.append(Span(String(repeating: " ", count: blank))) }
        return line
    }

    private static func line(_ canvas: Canvas, _ row: RowTexts, isMarked: Bool, columns: PaneColumns) -> Line {
        let markers = canvas.plain ? ListMarkers.ascii : ListMarkers.radio
        let gap = Span(String(repeating: " ", count: PaneColumns.gap))
        var line = Line([
            Span(" "),
            Span(canvas.fit(isMarked ? markers.chosen : markers.other, columns.marker - 1), style: isMarked ? .colored(.accent) : .plain),
            Span(canvas.fit(row.title, columns.title), style: isMarked ? .bold : .plain),
            gap,
        ])
        if columns.address > 0 {
            let address = shortened(row.address, toWidth: columns.address, metrics: canvas.metrics)
            line.spans += [Span(canvas.fit(address, columns.address), style: .colored(.muted)), gap]
        }
        let color = row.status.map(StatusIndicator.color) ?? .muted
        line.spans.append(Span(canvas.fit(row.statusWord, columns.status), style: .colored(color)))
        if columns.detail > 0 {
            line.spans += [gap, Span(canvas.fit(row.detail, columns.detail), style: row.detailStyle)]
        }
        if columns.age > 0 {
            line.spans += [gap, Span(canvas.fit(row.age, columns.age), style: .colored(.muted))]
        }
        if columns.extras > 0 {
            line.spans += [gap, Span(canvas.fit(row.extras, columns.extras), style: .colored(.muted))]
        }
        return line
    }

    /// The address in `width` cells: `URLShortener`'s forms down to the host, and a host
    /// longer than that cut in its middle, so both its ends still tell it from another.
    static func shortened(_ address: String, toWidth width: Int, metrics: DisplayWidth) -> String {
        if let host = URLHost.of(address), metrics.width(of: host) > width {
            return metrics.truncateMiddle(host, toWidth: width)
        }
        return URLShortener.shorten(address, toWidth: width, metrics: metrics)
    }

    /// What `server`'s row says.
    static func texts(_ canvas: Canvas, server: ServerConfig) -> RowTexts {
        let text = canvas.text
        var row = RowTexts(title: text.serverTitle(server), address: UIText.clean(server.baseUrl), status: nil,
                           statusWord: "", detail: "", detailStyle: .plain, age: "", extras: watchText(canvas, server: server))
        guard let summary = summary(for: server, settings: canvas.settings) else { return row }
        row.status = summary.status
        row.statusWord = text.statusWord(summary.status)
        row.detail = shownDetail(summary, canvas)
        let warned = !HealthWarnings.of(summary, slowThresholdMs: Double(canvas.settings.watchSettings.slowThresholdMs)).isEmpty
        row.detailStyle = summary.error != nil ? .colored(.error) : (warned ? .colored(.warning) : .plain)
        if let age = canvas.model.time.paneAges[server.id], age != .never {
            row.age = text.checkedAgo(age)
        }
        return row
    }

    /// How old each row's word is at `now` (`ScreenTime`).
    static func ages(_ settings: SettingsState, now: Double) -> [String: CheckedAge] {
        var ages: [String: CheckedAge] = [:]
        for server in settings.availableServers {
            guard let checked = summary(for: server, settings: settings)?.lastChecked else { continue }
            ages[server.id] = CheckedAge(lastChecked: checked, now: now)
        }
        return ages
    }

    /// Seconds until the youngest row's age reads otherwise, or nil when no row shows one.
    static func secondsUntilAgeChange(_ settings: SettingsState, now: Double) -> Double? {
        var youngest: Double?
        for server in settings.availableServers {
            guard let checked = summary(for: server, settings: settings)?.lastChecked else { continue }
            youngest = max(youngest ?? checked, checked)
        }
        return CheckedAge.secondsUntilChange(lastChecked: youngest, now: now)
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
            // Without its coverage (the panel and `h` give it): the row has much to say already.
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
                                  warning: detailed?.warnings.first, lastChecked: detailed?.lastChecked)
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
