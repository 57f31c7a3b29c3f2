import Localization
import AppCore
import TerminalRendering

/// The frame of every screen in the screen-reader mode (SPEC §10.4): instead of a box, lines
/// with their labels. First what turned the mode on, then the screen's name, the status in
/// words, and the newest confirmed change of status (`PlainStatusLine`); the key hints are the
/// last row.
enum PlainChrome {
    /// What the lines are drawn from: the lines above the content and the key hints below it.
    struct Model: Equatable {
        var top: [PlainLine]
        var hintsLabel: String
        var hints: String
        var area: Rect
    }

    /// The width the key hints get on the last row of `area`.
    static func hintWidth(_ canvas: Canvas, in area: Rect) -> Int {
        area.width - canvas.width(canvas.text("ui.plain.label.keys") + PlainLine.separator)
    }

    static func model(_ canvas: Canvas, in area: Rect, title: String, status: Line, hints: Line) -> Model {
        Model(top: topLines(canvas, title: title, status: status), hintsLabel: canvas.text("ui.plain.label.keys"),
              hints: hints.text, area: area)
    }

    /// Draws the lines and returns the area between them for the screen's content.
    static func draw(_ canvas: inout Canvas, _ model: Model) -> Rect {
        let area = model.area
        let used = PlainDocument.render(model.top, canvas: &canvas, in: area.inset(bottom: 1))
        let keys = PlainLine(model.hintsLabel, model.hints)
        canvas.draw(PlainLine.sentence(label: keys.label, value: keys.value), in: area.row(area.height - 1))
        return area.inset(top: used, bottom: 1)
    }

    /// What the mode is, the screen, its status, the newest change.
    private static func topLines(_ canvas: Canvas, title: String, status: Line) -> [PlainLine] {
        let text = canvas.text
        var top: [PlainLine] = []
        if let mode = modeLine(canvas) { top.append(mode) }
        top.append(PlainLine(text("ui.plain.label.screen"), title, style: .bold))
        top.append(PlainLine(text("ui.status"), status.text))
        if let change = PlainStatusLine.words(canvas) {
            top.append(PlainLine(text("ui.plain.label.change"), change))
        }
        return top
    }

    /// The area `render` leaves for the content: an overlay (help, sign-in) goes there, below
    /// the status, which stays on screen. The title does not change the lines' count.
    static func content(_ canvas: Canvas, of area: Rect) -> Rect {
        let top = topLines(canvas, title: "", status: StatusIndicator.line(canvas))
        let used = min(max(0, area.height - 1), PlainDocument.height(top, width: area.width, metrics: canvas.metrics))
        return area.inset(top: used, bottom: 1)
    }

    /// "Screen reader mode: on (--plain)": what turned it on. In the line mode the backend
    /// printed it once before the first frame (`modeWords`), so the printed screens leave it out.
    static func modeLine(_ canvas: Canvas) -> PlainLine? {
        let options = canvas.model.options
        guard options.plain, !options.printsLines else { return nil }
        return PlainLine(canvas.text("ui.plain.label.mode"),
                         canvas.text("ui.plain.mode_on.\((options.plainCause ?? .option).rawValue)", ["term": "dumb"]))
    }
}

/// The mode's first line for a backend that prints it itself (the line mode, before the first
/// frame): "Screen reader mode: on (TERM=dumb: …)".
public enum PlainModeLine {
    public static func words(_ cause: PlainCause, term: String, language: AppLanguage) -> String {
        let text = Localizer(language: language)
        return PlainLine.sentence(label: text.text("ui.plain.label.mode", [:]),
                                  value: text.text("ui.plain.mode_on.\(cause.rawValue)", ["term": term]))
    }

    /// The label of the line that tells a confirmed change of status, in every language: the
    /// line mode prints that line alone between two screens.
    public static let changeLabels: [String] = AppLanguage.allCases.map {
        Localizer(language: $0).text("ui.plain.label.change", [:]) + PlainLine.separator
    }
}
