import AppCore
import Localization
import TerminalRendering

/// Notices across the bottom of the main screen, newest first, drawn from the state's typed
/// notices: a mark by kind (errors ✗, warnings ⚠, good news ✓, other news •; words in
/// `--plain`), the text, and what to do about it. Enter dismisses the first one.
enum NoticesView {
    struct NoticeLine: Equatable {
        var line: Line
        /// Belongs to the notice that Enter dismisses (highlighted while notices have focus).
        var isFirstNotice: Bool
        /// The first line of its notice (for counting the notices a cut hides).
        var startsNotice = false
    }

    static func lines(_ canvas: Canvas, width: Int) -> [NoticeLine] {
        let settings = canvas.settings
        let text = canvas.text
        var blocks: [[Line]] = []
        for notice in settings.notices {
            let lead = prefix(canvas, kind: notice.kind)
            var block = paragraph(lead, text.message(notice.message), style: .plain, width: width, canvas: canvas)
            if let follow = followUp(notice, canvas: canvas) {
                block += paragraph(indentOf: lead, follow.text, style: follow.style, width: width, canvas: canvas)
            }
            blocks.append(block)
        }
        return blocks.enumerated().flatMap { index, block in
            block.enumerated().map { NoticeLine(line: $1, isFirstNotice: index == 0, startsNotice: $0 == 0) }
        }
    }

    /// The second line of a notice: what happens next (the configured server is watched), or
    /// what to do about an error.
    static func followUp(_ notice: Notice, canvas: Canvas) -> (text: String, style: Style)? {
        let text = canvas.text
        if notice.message.key == "notice.fallback", case .server(let id) = notice.subject {
            return (text("notice.watching", ["server": text.serverName(id: id)]), .colored(.muted))
        }
        guard notice.kind == .error || notice.kind == .warning else { return nil }
        if let advice = dnsAdvice(notice, canvas: canvas) {
            return (text("ui.suggested_action", ["action": text.message(advice)]), .colored(.muted))
        }
        let action = notice.message.reason.map(text.action)
            ?? notice.message.code.map { text.action($0, parameters: notice.message.parameters) }
        return action.map { (text("ui.suggested_action", ["action": $0]), .colored(.muted)) }
    }

    /// A name that did not resolve: advice for that name on this machine (for a `.local`
    /// name, what it lacks for mDNS; for a single-label name, the search domain or hosts file).
    private static func dnsAdvice(_ notice: Notice, canvas: Canvas) -> AppError? {
        let reason = notice.message.reason?.code ?? notice.message.code
        guard reason == .dns, notice.message.reason?.cause == nil,
              let host = notice.message.parameters["host"] else { return nil }
        return DNSAdvice.action(host: host, mdns: canvas.settings.connectivity.mdnsFinding)
    }

    /// What the notices are drawn from.
    struct Model: Equatable {
        var lines: [NoticeLine]
        var focused: Bool
        /// Of "N more".
        var language: AppLanguage
    }

    static func model(_ canvas: Canvas, lines: [NoticeLine]) -> Model {
        Model(lines: lines, focused: canvas.focus == .notices, language: canvas.settings.currentLanguage)
    }

    static func draw(_ canvas: inout Canvas, _ model: Model, in area: Rect) {
        guard !area.isEmpty else { return }
        let lines = model.lines
        let focused = model.focused
        let isCut = lines.count > area.height
        // Cut short: the last row says how many notices are not shown at all ("and 2 more"),
        // so nobody takes the visible ones for all there is.
        let hidden = isCut && area.height > 1 ? lines.dropFirst(area.height - 1).filter(\.startsNotice).count : 0
        let shown = hidden > 0 ? area.height - 1 : area.height
        for (index, notice) in lines.prefix(shown).enumerated() {
            let row = area.row(index)
            var line = notice.line
            if index == area.height - 1 && isCut {
                // One row only, or the cut is inside the last notice: an ellipsis says so.
                line = (line + Line("…")).truncated(toWidth: row.width, metrics: canvas.metrics)
            }
            canvas.draw(line, in: row)
            if focused && notice.isFirstNotice {
                canvas.highlight(Rect(x: row.x, y: row.y, width: min(row.width, line.width(canvas.metrics)), height: 1))
                if index == 0 {
                    canvas.markFocus(x: row.x, y: row.y)
                }
            }
        }
        if hidden > 0 {
            let more = canvas.text("ui.notices_more", ["count": String(hidden)])
            canvas.draw(Line(more, style: .colored(.muted)), in: area.row(area.height - 1))
        }
    }

    /// The mark of a notice's kind in its colour, or its word in `--plain`. Good news never
    /// carries the error mark.
    static func prefix(_ canvas: Canvas, kind: Notice.Kind) -> Span {
        let (mark, label, color): (String, String, SemanticColor) = switch kind {
        case .error: ("✗", "ui.error_label", .error)
        case .warning: ("⚠", "ui.warning_label", .warning)
        case .goodNews: ("✓", "ui.good_news_label", .ok)
        case .info: ("•", "ui.info_label", .accent)
        }
        if canvas.plain {
            return Span(canvas.text(label) + ": ", style: .colored(color, .bold))
        }
        return Span(mark + " ", style: .colored(color, .bold))
    }

    /// Wrapped text after `lead`, continuation lines indented by its width (the pane's lines too).
    static func paragraph(_ lead: Span, _ string: String, style: Style, width: Int, canvas: Canvas) -> [Line] {
        wrap(string, first: lead, indent: canvas.width(lead.text), style: style, width: width, canvas: canvas)
    }

    /// Wrapped text indented like the text after `lead` (a second paragraph of the same notice).
    private static func paragraph(indentOf lead: Span, _ string: String, style: Style, width: Int, canvas: Canvas) -> [Line] {
        let indent = canvas.width(lead.text)
        return wrap(string, first: Span(String(repeating: " ", count: indent)), indent: indent, style: style,
                    width: width, canvas: canvas)
    }

    private static func wrap(_ string: String, first: Span, indent: Int, style: Style, width: Int, canvas: Canvas) -> [Line] {
        let pad = Span(String(repeating: " ", count: indent))
        let wrapped = LineBreaker.wrap(string, width: max(1, width - indent), metrics: canvas.metrics)
        return wrapped.enumerated().map { index, piece in
            Line([index == 0 ? first : pad, Span(piece, style: style)])
        }
    }
}
