import Localization
import AppCore
import TerminalRendering

/// `fleet` (SPEC §15.4): one row per box, worst first — facility, box, server in use, status,
/// fallback, 24 h uptime, p95, certificate days, age of the last round — drawn in the app's
/// frame with its footer and keys; Enter shows one box's servers, `/` filters. Only the rows
/// on screen are measured and worded, so 500 boxes cost what a screenful does.
enum FleetView {
    /// Columns given up first when the screen is narrow (the least needed first).
    static let dropOrder: [FleetText.Column] = [.fallback, .p95, .certificate, .facility, .uptime, .server]

    /// The frame's title and status (`ScreenLayout.fleet` draws the frame).
    static func chrome(_ canvas: Canvas, fleet: FleetState) -> (title: String, status: Line) {
        let words = FleetText(language: canvas.settings.currentLanguage)
        return (canvas.text("app.name") + " · " + canvas.text("fleet.title"), Line(words.summary(fleet.rows), style: .bold))
    }

    /// What the content is drawn from: the fleet slice and the words it is drawn in.
    struct Model: Equatable {
        var fleet: FleetState
        var language: AppLanguage
        var plain: Bool
    }

    /// The content inside the frame: where the figures come from, the filter, the table or a box's servers.
    static func draw(_ canvas: inout Canvas, _ model: Model, in content: Rect) {
        let fleet = model.fleet
        let words = FleetText(language: model.language)
        do {
            var used = sourceLine(&canvas, fleet: fleet, words: words, in: content)
            if fleet.mode == .filtering || !fleet.filter.isEmpty {
                let row = content.row(used)
                let label = words.text("fleet.filter") + " "
                canvas.draw(Line(label, style: .bold), in: row)
                let labelWidth = canvas.width(label)
                TextFieldView.render(&canvas, field: fleet.filter,
                                     in: Rect(x: row.x + labelWidth, y: row.y, width: max(1, row.width - labelWidth), height: 1),
                                     focused: fleet.mode == .filtering)
                used += 1
            }
            let rest = content.inset(top: used + 1)
            if let box = fleet.openBox {
                boxServers(&canvas, box, words: words, in: rest)
            } else {
                table(&canvas, fleet: fleet, words: words, in: rest)
            }
        }
    }

    /// Where the figures come from and how fresh they are, or why the last query failed.
    private static func sourceLine(_ canvas: inout Canvas, fleet: FleetState, words: FleetText, in content: Rect) -> Int {
        var lines: [Line] = []
        if let problem = fleet.problem {
            lines.append(Line((canvas.plain ? "" : "⚠ ") + words.problem(problem), style: .colored(.error)))
        }
        if let at = fleet.answeredAt {
            lines.append(Line(words.text("fleet.source", ["source": fleet.source, "time": canvas.model.clock.time(at)]),
                              style: .colored(.muted)))
        } else if fleet.problem == nil {
            lines.append(Line(words.text("fleet.querying", ["source": fleet.source]), style: .colored(.muted)))
        }
        for (index, line) in lines.enumerated() {
            var fitted = line
            fitted.spans = fitted.spans.map { Span(canvas.metrics.truncate($0.text, toWidth: content.width), style: $0.style) }
            canvas.draw(fitted, in: content.row(index))
        }
        return lines.count
    }

    private static func table(_ canvas: inout Canvas, fleet: FleetState, words: FleetText, in area: Rect) {
        guard area.height >= 2 else { return }
        let rows = fleet.visibleRows
        if rows.isEmpty {
            let key = fleet.rows.isEmpty ? (fleet.answeredAt == nil ? nil : "fleet.empty") : "fleet.no_match"
            if let key {
                canvas.draw(Line(words.text(key, ["source": fleet.source, "filter": fleet.filter.text]), style: .colored(.muted)),
                            in: area.row(0))
            }
            return
        }
        let cursor = min(max(0, fleet.cursor), rows.count - 1)
        if canvas.plain {
            // One sentence per box, in reading order; the cursor's row is where the terminal's cursor is.
            let visible = area.height
            canvas.viewport = ScrollViewport(visible: visible, total: rows.count)
            let first = cursor < visible ? 0 : cursor - visible + 1
            for (offset, row) in rows.dropFirst(first).prefix(visible).enumerated() {
                let line = area.row(offset)
                canvas.draw(Line(canvas.metrics.truncate(words.sentence(row), toWidth: line.width)), in: line)
                if first + offset == cursor {
                    canvas.highlight(line)
                    canvas.markFocus(x: line.x, y: line.y)
                }
            }
            return
        }
        let visible = area.height - 1
        // PgUp/PgDn move the cursor by what the table shows (`ScrollViewport`).
        canvas.viewport = ScrollViewport(visible: visible, total: rows.count)
        let first = cursor < visible ? 0 : cursor - visible + 1
        let shown = Array(rows.dropFirst(first).prefix(visible))
        let cells = shown.map { row in FleetText.Column.allCases.map { words.cell($0, row) } }
        var columns = FleetText.Column.allCases
        var widths = FleetText.Column.allCases.enumerated().map { index, column in
            ([words.heading(column)] + cells.map { $0[index] }).map { canvas.width($0) }.max() ?? 0
        }
        func total() -> Int { columns.map { widths[$0.index] }.reduce(0, +) + 2 * max(0, columns.count - 1) + 2 }
        for column in dropOrder where total() > area.width {
            columns.removeAll { $0 == column }
        }
        if total() > area.width {
            // Still too wide: the box's name takes what is left.
            let box = FleetText.Column.box.index
            widths[box] = max(4, widths[box] - (total() - area.width))
        }
        let headings = FleetText.Column.allCases.map(words.heading)
        let headingLine = "  " + columns.map { canvas.fit(headings[$0.index], widths[$0.index]) }.joined(separator: "  ")
        canvas.draw(Line(headingLine, style: .bold), in: area.row(0))
        for (offset, row) in shown.enumerated() {
            let rowArea = area.row(offset + 1)
            let status = row.status
            var spans = [Span(FleetText.symbol(status) + " ", style: .colored(FleetText.color(status)))]
            for (position, column) in columns.enumerated() {
                let text = canvas.fit(cells[offset][column.index], widths[column.index])
                let style: Style = column == .status || (column == .lastRound && row.isSilent)
                    ? .colored(FleetText.color(status), .bold) : .plain
                spans.append(Span(text, style: style))
                if position < columns.count - 1 { spans.append(Span("  ")) }
            }
            canvas.draw(Line(spans), in: rowArea)
            if first + offset == cursor {
                canvas.highlight(rowArea)
                canvas.markFocus(x: rowArea.x, y: rowArea.y)
            }
        }
    }

    /// Enter on a row: the box's servers, the one in use first.
    private static func boxServers(_ canvas: inout Canvas, _ row: FleetRow, words: FleetText, in area: Rect) {
        guard area.height >= 2 else { return }
        let heading = words.text("fleet.box.title", ["facility": row.facility, "box": row.box]) + " · "
            + words.statusWord(row.status) + " · " + words.age(row)
        canvas.draw(Line(canvas.metrics.truncate(heading, toWidth: area.width), style: .bold), in: area.row(0))
        canvas.markFocus(x: area.x, y: area.y)
        if row.servers.isEmpty {
            canvas.draw(Line(words.text("fleet.box.no_servers"), style: .colored(.muted)), in: area.row(1))
            return
        }
        for (offset, server) in row.servers.prefix(area.height - 1).enumerated() {
            let style: Style = server.up == false ? .colored(.error) : server.inUse ? .bold : .plain
            canvas.draw(Line(canvas.metrics.truncate("  " + words.serverLine(server), toWidth: area.width), style: style),
                        in: area.row(offset + 1))
        }
    }
}

extension FleetText.Column {
    /// Its place in `allCases` (the cells and widths are kept in that order).
    var index: Int { FleetText.Column.allCases.firstIndex(of: self) ?? 0 }
}
