import Localization
import AppCore
import TerminalRendering

/// The main settings screen (docs/PRODUCT.md: Main screen; Layout): the server panel (or the switch in
/// progress) on the left, the language picker and the "open settings" box on the right,
/// notices across the bottom. From 100×30 on, the room left below is used: the timeline of
/// recent events under the server panel, the server history under "open settings".
///
/// Each box is a region of the frame (`Canvas.region`) keyed by the model it is drawn from:
/// the whole screen model with only the time values the box shows, so a second that changes
/// "checked N s ago" draws the server panel again and puts the other boxes' cells back.
enum MainScreenView {
    /// The smallest screen that also shows the timeline and the history.
    static let roomyWidth = 100
    static let roomyHeight = 30

    static func render(_ canvas: inout Canvas, in area: Rect) {
        let title = canvas.text("app.name") + " · " + canvas.text("app.title")
        let inner = ChromeView.render(&canvas, in: area, title: title)
        let content = inner.inset(left: 1, right: 1)
        guard !content.isEmpty else { return }
        if canvas.plain {
            // One column in reading order, every line with its label (SPEC §10.4).
            PlainMainView.render(&canvas, in: inner)
            return
        }

        let noticeLines = NoticesView.lines(canvas, width: content.width)
        let maxNoticeRows = content.height >= 20 ? 6 : 3
        let noticeRows = min(noticeLines.count, maxNoticeRows)
        let gap = noticeRows > 0 && content.height >= 20 ? 1 : 0
        let top = Rect(x: content.x, y: content.y, width: content.width, height: content.height - noticeRows - gap)
        let noticeArea = Rect(x: content.x, y: top.maxY + gap, width: content.width, height: noticeRows)
        NoticesView.render(&canvas, lines: noticeLines, in: noticeArea)
        canvas.clickable(noticeArea, .area(.notices))

        let roomyScreen = area.width >= roomyWidth && area.height >= roomyHeight
        let rightWidth = min(max(content.width * 2 / 5, 23), 40)
        let columns = top.split(.horizontal, [.fill, .length(rightWidth)], spacing: 1)
        let roomy = roomyScreen
        if canvas.settings.serverSwitchState.isInProgress {
            renderSwitch(&canvas, in: columns[0])
        } else {
            let used = renderPanel(&canvas, in: columns[0])
            if roomy {
                renderTimeline(&canvas, in: columns[0].inset(top: used))
            }
        }
        let rightUsed = renderRightColumnAndNotes(&canvas, in: columns[1])
        if roomy {
            renderHistory(&canvas, in: columns[1].inset(top: rightUsed))
        }
    }

    // MARK: - Regions

    /// The panel, then the value of "checked N s ago" as a region of its own: a second that
    /// changes it draws that value alone.
    private static func renderPanel(_ canvas: inout Canvas, in area: Rect) -> Int {
        let drawn = canvas.region("serverPanel", canvas.model.reading([.waiting, .mutes]), in: area) {
            ServerPanelView.render(&$0, in: area)
        }
        if let slot = drawn.checkedSlot {
            let value = ExactText(canvas.text.checkedAgo(canvas.model.time.checked))
            canvas.region("checked", value, in: slot) { $0.draw(Line(value.text), in: slot) }
        }
        return drawn.rows
    }

    private static func renderSwitch(_ canvas: inout Canvas, in area: Rect) {
        canvas.region("switchProgress", canvas.model.reading([]), in: area) { SwitchProgressView.render(&$0, in: area) }
    }

    private static func renderTimeline(_ canvas: inout Canvas, in area: Rect) {
        canvas.region("timeline", canvas.model.reading([]), in: area) { TimelineView.render(&$0, in: area) }
    }

    private static func renderHistory(_ canvas: inout Canvas, in area: Rect) {
        canvas.region("history", canvas.model.reading([.historyDates]), in: area) { HistoryView.render(&$0, in: area) }
    }

    /// The languages, "open settings" and the notes below them; returns the rows used.
    private static func renderRightColumnAndNotes(_ canvas: inout Canvas, in area: Rect) -> Int {
        canvas.region("rightColumn", canvas.model.reading([]), in: area) { canvas in
            var used = renderRightColumn(&canvas, in: area)
            if let note = canvas.model.options.terminalNote {
                used += renderTerminalNote(&canvas, note, in: area.inset(top: used))
            }
            return used + renderConsoleNote(&canvas, in: area.inset(top: used))
        }
    }

    /// Returns the rows used from the top.
    @discardableResult
    private static func renderRightColumn(_ canvas: inout Canvas, in area: Rect) -> Int {
        let languages = ScreenState.languages(canvas.settings)
        let languageHeight = min(area.height, languages.count + 2)
        let languageArea = Rect(x: area.x, y: area.y, width: area.width, height: languageHeight)
        renderLanguages(&canvas, languages: languages, in: languageArea)

        let below = Rect(x: area.x, y: languageArea.maxY, width: area.width, height: area.height - languageHeight)
        return languageHeight + renderOpenSettings(&canvas, in: below)
    }

    private static func renderLanguages(_ canvas: inout Canvas, languages: [AppLanguage], in area: Rect) {
        let focused = canvas.focus == .languagePicker
        let inner = canvas.box(area, title: Line(canvas.text("ui.panel.language"), style: .bold), focused: focused)
        let list = SelectionList(
            items: languages.map { Line($0.nativeName) },
            chosen: languages.firstIndex(of: canvas.model.chosenLanguage),
            cursor: canvas.ui.languageRow(canvas.settings), isFocused: focused,
            markers: canvas.plain ? .ascii : .radio)
        list.render(in: inner, buffer: &canvas.buffer)
        canvas.clickable(area, .area(.languagePicker))
        let offset = list.scrollOffset(height: inner.height)
        for row in 0..<min(inner.height, languages.count - offset) {
            canvas.clickable(inner.row(row), .languageRow(offset + row))
        }
        if focused {
            let row = canvas.ui.languageRow(canvas.settings) - list.scrollOffset(height: inner.height)
            canvas.markFocus(x: inner.x + 1, y: inner.y + row)
        }
    }

    /// Says once, below the boxes, that `TERM` had no terminfo entry and which one is used.
    private static func renderTerminalNote(_ canvas: inout Canvas, _ note: TerminalNote, in area: Rect) -> Int {
        let words = canvas.text("ui.terminal_fallback_package", [
            "requested": UIText.clean(note.requested), "used": note.used,
            "package": TerminfoFallback.debianPackage(for: note.requested),
        ])
        return renderNote(&canvas, words, in: area)
    }

    /// On the Linux console, in English: the language asked for cannot be drawn there (SPEC §10.4).
    private static func renderConsoleNote(_ canvas: inout Canvas, in area: Rect) -> Int {
        guard let language = canvas.model.languageNotDrawn else { return 0 }
        let words = canvas.text("ui.console_language_note", [
            "language": canvas.text(language == .ja ? "ui.language_name.ja" : "ui.language_name.zh_hant"),
            "variable": RenderOptions.consoleCJKVariable,
        ])
        return renderNote(&canvas, words, in: area)
    }

    private static func renderNote(_ canvas: inout Canvas, _ words: String, in area: Rect) -> Int {
        let paragraph = Paragraph(words, style: .colored(.warning))
        let rows = min(area.height, paragraph.lines(width: max(1, area.width - 2), metrics: canvas.metrics).count)
        guard rows > 0 else { return 0 }
        paragraph.render(in: Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: rows), buffer: &canvas.buffer)
        return rows
    }

    /// Returns the rows used.
    private static func renderOpenSettings(_ canvas: inout Canvas, in area: Rect) -> Int {
        guard area.height >= 3 else { return 0 }
        let focused = canvas.focus == .openSettings
        let explanation = Paragraph(canvas.text("ui.open_settings.explain"), style: .colored(.muted))
        let explainLines = explanation.lines(width: max(1, canvas.textWidth(inBoxOf: area.width)), metrics: canvas.metrics).count
        // Explanation, a blank line when there is room, the button.
        let wanted = explainLines + 2
        let height = min(area.height, wanted + 2)
        let boxArea = Rect(x: area.x, y: area.y, width: area.width, height: height)
        let inner = canvas.box(boxArea, title: Line(canvas.text("ui.panel.open_settings"), style: .bold),
                               focused: focused).inset(left: 1, right: 1)
        canvas.clickable(boxArea, .area(.openSettings))
        guard inner.height >= 1 else { return height }
        let buttonRow = inner.row(inner.height - 1)
        let textRows = max(0, min(explainLines, inner.height - (inner.height > explainLines + 1 ? 2 : 1)))
        explanation.render(in: Rect(x: inner.x, y: inner.y, width: inner.width, height: textRows), buffer: &canvas.buffer)

        let name = canvas.text("ui.open_settings.button")
        // Narrow: brackets without their inner spaces rather than losing the key "(o)".
        let label = canvas.width("[ " + name + " ]") <= buttonRow.width ? "[ " + name + " ]" : "[" + name + "]"
        canvas.draw(Line(label, style: focused ? .reverse.adding(.bold) : .bold), in: buttonRow)
        canvas.clickable(Rect(x: buttonRow.x, y: buttonRow.y, width: min(buttonRow.width, canvas.width(label)), height: 1),
                         .button(.openSettings))
        if focused {
            canvas.markFocus(x: buttonRow.x, y: buttonRow.y)
        }
        return height
    }
}
