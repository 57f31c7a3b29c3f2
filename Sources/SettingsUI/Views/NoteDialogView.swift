import AppCore
import TerminalRendering

/// The note field over the history view (`n` in `h`, SPEC §16): which incident it is about, the
/// field, and Enter/Esc, drawn as the sign-in dialog draws its fields.
enum NoteDialogView {
    static func render(_ canvas: inout Canvas, field: TextField, in inside: Rect) {
        let text = canvas.text
        let width = min(inside.width - 2, 72)
        let height = min(inside.height, 7)
        let area = inside.centered(width: width, height: height)
        let inner = canvas.dialog(area, within: inside, title: Line(text("dialog.note.title"), style: .bold))
            .inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }
        canvas.draw(Line(text("dialog.note.explain"), style: .colored(.muted)), in: inner.row(0))
        if inner.height > 2 {
            TextFieldView.render(&canvas, field: field, in: inner.row(2), focused: true)
        }
        let buttons = Line([
            Span("[ Enter ", style: .bold), Span(text("dialog.note.save") + " ]"), Span("   "),
            Span("[ Esc ", style: .bold), Span(text("dialog.login.cancel") + " ]"),
        ])
        if inner.height > 4 {
            canvas.draw(buttons, in: inner.row(4), alignment: .center)
        }
    }
}
