import AppCore
import TerminalRendering

/// The sign-in dialog (docs/PRODUCT.md: Switching, fallback, server data and sign-in): user name (the last one offered
/// again), password as bullets, the last failure. It says the session ended only when a token was refused.
enum LoginDialogView {
    static func render(_ canvas: inout Canvas, serverId: String, in inside: Rect) {
        let text = canvas.text
        let server = text.serverName(id: serverId)
        // The request for this server (another server's request is not shown here).
        let request = canvas.settings.loginRequest.flatMap { $0.serverId == serverId ? $0 : nil }
        if canvas.plain { return PlainOverlay.login(&canvas, request: request, serverId: serverId, in: inside) }
        let form = request.flatMap { _ in canvas.model.screen.loginForm } ?? LoginForm()
        let width = min(inside.width - 2, 66)
        let textWidth = max(1, canvas.textWidth(inBoxOf: width))

        let explanationKey = (request ?? LoginRequest(serverId: serverId)).explanationKey
        let explain = LineBreaker.wrap(text(explanationKey, ["server": server]), width: textWidth, metrics: canvas.metrics)
        let status: Line
        if request?.isSubmitting == true {
            status = Line(text("dialog.login.signing_in"), style: .colored(.accent, .bold))
        } else if let failure = request?.failure {
            status = Line([Span(canvas.plain ? text("ui.error_label") + ": " : "✗ ", style: .colored(.error, .bold)),
                           Span(text.message(failure), style: .colored(.error))])
        } else {
            status = Line(text("dialog.login.not_saved"), style: .colored(.muted))
        }
        // explain, blank, two fields, blank, status, blank, buttons
        let wanted = explain.count + 7
        let height = min(inside.height, wanted + 2)
        let area = inside.centered(width: width, height: height)
        let inner = canvas.dialog(area, within: inside, title: Line(text("dialog.login.title", ["server": server]), style: .bold))
            .inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }

        // On a short screen the explanation shrinks first; the fields always show.
        let explainRows = max(0, min(explain.count, inner.height - 7))
        var y = inner.y
        for line in explain.prefix(explainRows) {
            canvas.draw(line, in: inner.row(y - inner.y))
            y += 1
        }
        y += inner.height - explainRows >= 7 ? 1 : 0
        let labels = [text("dialog.login.username"), text("dialog.login.password")]
        let labelWidth = min(inner.width / 2, (labels.map { canvas.width($0) }.max() ?? 0) + 2)
        for (field, label) in zip(LoginForm.Field.allCases, labels) where y < inner.maxY {
            let focused = form.focus == field
            canvas.buffer.write(canvas.fit(label, labelWidth), x: inner.x, y: y, maxWidth: inner.width,
                                style: focused ? .bold : .plain)
            TextFieldView.render(&canvas, field: field == .username ? form.username : form.password,
                                 in: Rect(x: inner.x + labelWidth, y: y, width: inner.width - labelWidth, height: 1),
                                 focused: focused)
            y += 1
        }
        let rest = inner.maxY - y
        y += rest >= 4 ? 1 : 0
        if y < inner.maxY {
            canvas.draw(status, in: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            y += 1
        }
        y = max(y + (rest >= 4 ? 1 : 0), y)
        let buttons = Line([
            Span("[ Enter ", style: .bold), Span(text("dialog.login.submit") + " ]"), Span("   "),
            Span("[ Esc ", style: .bold), Span(text("dialog.login.cancel") + " ]"),
        ])
        if y < inner.maxY {
            canvas.draw(buttons, in: Rect(x: inner.x, y: y, width: inner.width, height: 1), alignment: .center)
        }
    }
}
