import AppCore
import TerminalRendering

/// Connection timeout, auto switch, detailed logging (one row when they fit, else one each),
/// and the CA bundle field.
enum PaneOptionsView {
    struct Layout {
        var isSingleRow: Bool
        /// Label column for stacked rows and the CA bundle row.
        var labelWidth: Int
        var rowCount: Int { isSingleRow ? 1 : 3 }
    }

    private struct Control {
        var area: FocusArea
        var label: String
        var value: String
    }

    static func layout(_ canvas: Canvas, width: Int) -> Layout {
        // `--plain`: one labelled line each (`PlainPaneOptions`), never one row.
        if canvas.plain { return Layout(isSingleRow: false, labelWidth: 0) }
        let controls = self.controls(canvas)
        let labels = controls.map(\.label) + [canvas.text("ui.pane.ca_bundle")]
        // In one row the first label is padded to line up with "CA bundle" below it.
        let firstLabelWidth = max(canvas.width(controls[0].label), canvas.width(canvas.text("ui.pane.ca_bundle")))
        let singleRowWidth = controls.dropFirst().reduce(firstLabelWidth + 1 + canvas.width(controls[0].value)) {
            $0 + 4 + canvas.width($1.label) + 1 + canvas.width($1.value)
        }
        if singleRowWidth <= width {
            return Layout(isSingleRow: true, labelWidth: firstLabelWidth)
        }
        return Layout(isSingleRow: false, labelWidth: min(labels.map { canvas.width($0) }.max() ?? 0, width / 2))
    }

    static func render(_ canvas: inout Canvas, _ layout: Layout, in area: Rect) {
        guard !area.isEmpty else { return }
        if canvas.plain { return PlainPaneOptions.render(&canvas, in: area) }
        let controls = self.controls(canvas)
        var y = area.y
        if layout.isSingleRow {
            var x = area.x
            for (index, control) in controls.enumerated() {
                let label = index == 0 ? canvas.fit(control.label, layout.labelWidth) : control.label
                x = draw(&canvas, control, label: label, x: x, y: y, limit: area.maxX) + 4
            }
            y += 1
        } else {
            for control in controls where y < area.maxY {
                draw(&canvas, control, label: canvas.fit(control.label, layout.labelWidth), x: area.x, y: y, limit: area.maxX)
                y += 1
            }
        }
        guard y < area.maxY else { return }
        let label = canvas.fit(canvas.text("ui.pane.ca_bundle"), layout.labelWidth) + " "
        let fieldX = canvas.buffer.write(label, x: area.x, y: y, maxWidth: area.width, style: labelStyle(.caBundle, canvas))
        let focused = canvas.focus == .caBundle
        // The row shows the bundle in effect and its source (`caBundleField`).
        let inEffect = canvas.model.caBundle
        let shown = caBundleField(canvas)
        let fieldWidth = min(area.maxX - fieldX, 58)
        canvas.clickable(Rect(x: area.x, y: y, width: fieldX - area.x + fieldWidth, height: 1), .area(.caBundle))
        TextFieldView.render(&canvas, field: shown, in: Rect(x: fieldX, y: y, width: fieldWidth, height: 1),
                             focused: focused, placeholder: canvas.text("ui.pane.ca_bundle_system"))
        if let inEffect, !focused, inEffect.path != nil, fieldX + fieldWidth + 2 < area.maxX {
            canvas.buffer.write(canvas.text(inEffect.sourceKey), x: fieldX + fieldWidth + 2, y: y,
                                maxWidth: area.maxX - fieldX - fieldWidth - 2, style: .colored(.muted))
        }
    }

    /// Editing changes the setting; otherwise the field shows the bundle in effect.
    static func caBundleField(_ canvas: Canvas) -> TextField {
        if canvas.focus == .caBundle { return canvas.ui.caBundleField }
        return TextField(text: canvas.model.caBundle.map { $0.path ?? "" } ?? canvas.settings.caBundle ?? "")
    }

    /// Draws `label [value]`; returns the column after it.
    @discardableResult
    private static func draw(_ canvas: inout Canvas, _ control: Control, label: String, x: Int, y: Int, limit: Int) -> Int {
        guard x < limit else { return x }
        let focused = canvas.focus == control.area
        let afterLabel = canvas.buffer.write(label + " ", x: x, y: y, maxWidth: limit - x, style: labelStyle(control.area, canvas))
        let end = canvas.buffer.write(control.value, x: afterLabel, y: y, maxWidth: limit - afterLabel,
                                      style: focused ? .reverse.adding(.bold) : .bold)
        if focused {
            canvas.markFocus(x: afterLabel, y: y)
        }
        canvas.clickable(Rect(x: x, y: y, width: end - x, height: 1), .area(control.area))
        return end
    }

    private static func labelStyle(_ area: FocusArea, _ canvas: Canvas) -> Style {
        canvas.focus == area ? .bold : .plain
    }

    private static func controls(_ canvas: Canvas) -> [Control] {
        let settings = canvas.settings
        let text = canvas.text
        return [
            Control(area: .connectionTimeout, label: text("ui.pane.connection_timeout"),
                    value: "[ " + text("ui.pane.seconds", ["seconds": String(settings.connectionTimeout)]) + " ]"),
            Control(area: .autoSwitch, label: text("ui.pane.auto_switch"), value: checkbox(settings.autoSwitchOnFailure, canvas)),
            Control(area: .detailedLogging, label: text("ui.pane.detailed_logging"), value: checkbox(settings.detailedLogging, canvas)),
        ]
    }

    /// `[x]` / `[ ]` (`--plain` says the word: `PlainPaneOptions`).
    private static func checkbox(_ isOn: Bool, _ canvas: Canvas) -> String {
        isOn ? "[x]" : "[ ]"
    }
}
