import Localization
import AppCore
import TerminalRendering

/// The main settings screen's boxes (docs/PRODUCT.md: Main screen; Layout): the languages, "open
/// settings" and the notes below them. Where each box goes, and which boxes are drawn again in a
/// frame, is the drawing path's (`ScreenLayout.main`); these draw from the model into an area.
enum MainScreenView {
    /// The smallest screen that also shows the timeline and the history.
    static let roomyWidth = 100
    static let roomyHeight = 30

    /// The languages, "open settings" and the notes below them; returns the rows used.
    static func drawRightColumnAndNotes(_ canvas: inout Canvas, in area: Rect) -> Int {
        var used = renderRightColumn(&canvas, in: area)
        if let note = canvas.model.options.terminalNote {
            used += renderTerminalNote(&canvas, note, in: area.inset(top: used))
        }
        return used + renderConsoleNote(&canvas, in: area.inset(top: used))
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
