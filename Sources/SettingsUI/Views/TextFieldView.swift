import AppCore
import TerminalRendering

/// `[ text ]` in one row: scrolled so the caret stays visible, a password as bullets. While
/// focused the field is underlined and the terminal's own cursor is put where typing goes
/// (reported to the canvas). That cell is drawn normally, never in reverse video: xterm, VTE
/// terminals and alacritty draw a cursor on a reverse cell as invisible (the inversions cancel).
enum TextFieldView {
    static let bullet: Character = "•"

    static func render(_ canvas: inout Canvas, field: TextField, in area: Rect, focused: Bool, placeholder: String? = nil) {
        guard area.width >= 5, area.height >= 1 else {
            canvas.draw(Line("[]"), in: area)
            return
        }
        let y = area.y
        let inside = Rect(x: area.x + 2, y: y, width: area.width - 4, height: 1)
        let bracketStyle: Style = focused ? .bold : .plain
        canvas.buffer.write("[ ", x: area.x, y: y, maxWidth: 2, style: bracketStyle)
        canvas.buffer.write(" ]", x: inside.maxX, y: y, maxWidth: 2, style: bracketStyle)

        let clusters: [Character] = field.isSecret ? Array(repeating: bullet, count: field.text.count) : field.text.map(shown)
        if clusters.isEmpty, let placeholder, !focused {
            canvas.draw(placeholder, in: inside, style: .colored(.muted))
        } else {
            let (start, caretOffset) = window(clusters, cursor: field.cursor, width: inside.width, metrics: canvas.metrics)
            canvas.buffer.write(String(clusters[start...]), x: inside.x, y: y, maxWidth: inside.width)
            if focused {
                canvas.buffer.updateStyle(in: inside) { $0.attributes.insert(.underline) }
                canvas.caret = Point(x: inside.x + caretOffset, y: y)
            }
        }
        if focused {
            canvas.markFocus(x: inside.x, y: y)
        }
    }

    /// A cluster as drawn: one that holds a character that does not show as itself (U+200B,
    /// a bidi override, U+180E, a variation selector…), typed or pasted, is drawn as one `�`,
    /// so it never reaches the terminal and the caret stays on cluster boundaries. The field
    /// keeps what was typed; validation names the character.
    static func shown(_ cluster: Character) -> Character {
        cluster.unicodeScalars.contains(where: TextSanitizer.isHidden) ? "\u{FFFD}" : cluster
    }

    /// The first visible cluster, and the caret's column from the left edge, such that the caret
    /// (one cell after the text before it) fits in `width`.
    static func window(_ clusters: [Character], cursor: Int, width: Int, metrics: DisplayWidth) -> (start: Int, caret: Int) {
        let cursor = min(max(0, cursor), clusters.count)
        var start = cursor
        var used = 0
        while start > 0 {
            let next = used + metrics.width(of: clusters[start - 1])
            if next > width - 1 { break }
            used = next
            start -= 1
        }
        return (start, used)
    }
}
