import AppCore
import TerminalRendering

/// The overlays in the screen-reader mode (SPEC §10.4): help, history, sign-in, the note and
/// the confirmations as labelled lines, not boxes. An overlay takes the whole content area
/// below the status lines, so no line of the screen beneath is left to be read with it.
enum PlainOverlay {
    /// Clears `area` and draws `lines` from its top; with `scroll` (help, history: ↑↓, PgUp/PgDn,
    /// `helpScroll`) the rows start there and the frame's viewport tells the update their count.
    static func render(_ canvas: inout Canvas, _ lines: [PlainLine], in area: Rect, scroll: Int? = nil) {
        canvas.buffer.fill(area)
        guard !area.isEmpty else { return }
        if let scroll {
            let total = PlainDocument.height(lines, width: area.width, metrics: canvas.metrics)
            canvas.viewport = ScrollViewport(visible: area.height, total: total)
            PlainDocument.render(lines, canvas: &canvas, in: area, firstRow: min(scroll, max(0, total - area.height)))
            if canvas.focusPoint == nil { canvas.markFocus(x: area.x, y: area.y) }
        } else {
            PlainDocument.render(lines, canvas: &canvas, in: area)
        }
    }

    /// "Dialog: Keys": what the overlay is, its first line.
    static func title(_ canvas: Canvas, _ title: String) -> PlainLine {
        PlainLine(canvas.text("ui.plain.label.dialog"), title, style: .bold)
    }

    /// `?`: "Section: Moving", then "Key: ? — show this help", one line a binding.
    static func help(_ canvas: inout Canvas, in area: Rect) {
        let text = canvas.text
        var lines = [title(canvas, text("help.title"))]
        for section in KeyTable.helpSections(fleet: canvas.ui.fleet != nil) {
            lines.append(PlainLine(text("ui.plain.label.section"), text(section.section.titleKey), style: .bold))
            lines += section.rows.map { PlainLine(text("ui.plain.label.key"), $0.label + " — " + text($0.helpKey)) }
        }
        lines.append(PlainLine(text("ui.plain.label.keys"), text("help.close")))
        render(&canvas, lines, in: area, scroll: canvas.ui.helpScroll)
    }

    /// "Question: Remove …?", then the two answers, the focused one under the cursor (Tab moves,
    /// Enter answers: SPEC §10.4's numbers choose nothing here, so the answers are not numbered).
    static func confirm(_ canvas: inout Canvas, dialog: ConfirmDialog, in area: Rect) {
        let text = canvas.text
        let answer = text("ui.plain.label.answer")
        let lines = [
            title(canvas, text("dialog.confirm.title")),
            PlainLine(text("ui.plain.label.question"), text.message(dialog.message)),
            PlainLine(answer, text("dialog.confirm.yes"), style: .bold, isFocused: dialog.isYesFocused),
            PlainLine(answer, text("dialog.confirm.no"), style: .bold, isFocused: !dialog.isYesFocused),
            PlainLine(text("ui.plain.label.keys"), text("ui.plain.confirm_keys")),
        ]
        render(&canvas, lines, in: area)
    }

    /// A field on its label's line ("User name: [ nurse01 ]"), as the pane's address field.
    /// Returns the row after it.
    @discardableResult
    static func field(_ canvas: inout Canvas, label: String, field: TextField, focused: Bool, placeholder: String? = nil,
                      y: Int, in area: Rect) -> Int {
        guard y < area.maxY else { return y }
        let lead = label + PlainLine.separator
        canvas.draw(Line(lead, style: focused ? .bold : .plain), in: Rect(x: area.x, y: y, width: area.width, height: 1))
        let x = area.x + canvas.width(lead)
        let width = max(0, min(area.maxX - x, 72))
        TextFieldView.render(&canvas, field: field, in: Rect(x: x, y: y, width: width, height: 1), focused: focused,
                             placeholder: placeholder)
        return y + 1
    }

    /// Lines drawn from row `y` down; returns the row after them.
    static func lines(_ canvas: inout Canvas, _ lines: [PlainLine], y: Int, in area: Rect) -> Int {
        guard y < area.maxY else { return y }
        let rest = Rect(x: area.x, y: y, width: area.width, height: area.maxY - y)
        return y + PlainDocument.render(lines, canvas: &canvas, in: rest)
    }

    /// The sign-in dialog: what it is about, "User name: [field]", "Password: [field]", how it
    /// stands, the keys.
    static func login(_ canvas: inout Canvas, request: LoginRequest?, serverId: String, in area: Rect) {
        let text = canvas.text
        let server = text.serverName(id: serverId)
        let form = request.flatMap { _ in canvas.model.screen.loginForm } ?? LoginForm()
        canvas.buffer.fill(area)
        let explanationKey = (request ?? LoginRequest(serverId: serverId)).explanationKey
        var y = lines(&canvas, [title(canvas, text("dialog.login.title", ["server": server])),
                                PlainLine(text("ui.plain.label.description"), text(explanationKey, ["server": server]))],
                      y: area.y, in: area)
        for field in LoginForm.Field.allCases {
            let isUser = field == .username
            y = self.field(&canvas, label: text(isUser ? "dialog.login.username" : "dialog.login.password"),
                           field: isUser ? form.username : form.password, focused: form.focus == field, y: y, in: area)
        }
        let status: PlainLine
        if request?.isSubmitting == true {
            status = PlainLine(text("ui.status"), text("dialog.login.signing_in"), style: .colored(.accent, .bold))
        } else if let failure = request?.failure {
            status = PlainLine(text("ui.error_label"), text.message(failure), style: .colored(.error))
        } else {
            status = PlainLine(text("ui.info_label"), text("dialog.login.not_saved"))
        }
        let keys = PlainLine(text("ui.plain.label.keys"), PlainMainView.list(
            ["Enter " + text("dialog.login.submit"), "Esc " + text("dialog.login.cancel")], text))
        _ = lines(&canvas, [status, keys], y: y, in: area)
    }

    /// The note field over the history: the same lines as the sign-in dialog's.
    static func note(_ canvas: inout Canvas, field: TextField, in area: Rect) {
        let text = canvas.text
        canvas.buffer.fill(area)
        var y = lines(&canvas, [title(canvas, text("dialog.note.title")),
                                PlainLine(text("ui.plain.label.description"), text("dialog.note.explain"))],
                      y: area.y, in: area)
        y = self.field(&canvas, label: text("ui.plain.label.note"), field: field, focused: true, y: y, in: area)
        let keys = PlainLine(text("ui.plain.label.keys"), PlainMainView.list(
            ["Enter " + text("dialog.note.save"), "Esc " + text("dialog.login.cancel")], text))
        _ = lines(&canvas, [keys], y: y, in: area)
    }
}
