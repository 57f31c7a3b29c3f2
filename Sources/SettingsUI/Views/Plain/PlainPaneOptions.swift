import AppCore
import TerminalRendering

/// The pane's options in the screen-reader mode (SPEC §10.4): one labelled line each,
/// "Connection timeout: 10 s", "Auto switch on failure: on", "Detailed logging: off", then
/// "CA bundle: [ field ]"; the cursor on the focused one. The rows are those
/// `PaneOptionsView.layout` counts for `--plain` (three, and the bundle's).
enum PlainPaneOptions {
    static func render(_ canvas: inout Canvas, in area: Rect) {
        let text = canvas.text
        let settings = canvas.settings
        let options: [(area: FocusArea, label: String, value: String)] = [
            (.connectionTimeout, text("ui.pane.connection_timeout"),
             text("ui.pane.seconds", ["seconds": String(settings.connectionTimeout)])),
            (.autoSwitch, text("ui.pane.auto_switch"), text(settings.autoSwitchOnFailure ? "ui.on" : "ui.off")),
            (.detailedLogging, text("ui.pane.detailed_logging"), text(settings.detailedLogging ? "ui.on" : "ui.off")),
        ]
        var y = area.y
        for option in options where y < area.maxY {
            let row = Rect(x: area.x, y: y, width: area.width, height: 1)
            let sentence = PlainLine.sentence(label: option.label, value: option.value)
            let focused = canvas.focus == option.area
            canvas.draw(sentence, in: row, style: focused ? .reverse.adding(.bold) : .plain)
            if focused { canvas.markFocus(x: row.x, y: row.y) }
            canvas.clickable(Rect(x: row.x, y: y, width: min(row.width, canvas.width(sentence)), height: 1), .area(option.area))
            y += 1
        }
        guard y < area.maxY else { return }
        let focused = canvas.focus == .caBundle
        let label = text("ui.pane.ca_bundle")
        canvas.clickable(Rect(x: area.x, y: y, width: area.width, height: 1), .area(.caBundle))
        PlainOverlay.field(&canvas, label: label, field: PaneOptionsView.caBundleField(canvas), focused: focused,
                           placeholder: text("ui.pane.ca_bundle_system"), y: y, in: area)
        let fieldEnd = area.x + canvas.width(label + PlainLine.separator) + 72
        // Where the bundle comes from, after the field when it fits whole (a cut word reads as noise).
        if let inEffect = canvas.model.caBundle, !focused, inEffect.path != nil,
           fieldEnd + 2 + canvas.width(text(inEffect.sourceKey)) <= area.maxX {
            canvas.buffer.write(text(inEffect.sourceKey), x: fieldEnd + 2, y: y, maxWidth: area.maxX - fieldEnd - 2,
                                style: .colored(.muted))
        }
    }
}
