/// Wrapped text (see `LineBreaker`) filling its area from the top; if it needs more rows than the
/// area has, the last row ends with `…`.
public struct Paragraph: Widget, Hashable, Sendable {
    public var text: String
    public var style: Style
    public var alignment: TextAlignment

    public init(_ text: String, style: Style = .plain, alignment: TextAlignment = .left) {
        self.text = text
        self.style = style
        self.alignment = alignment
    }

    /// The wrapped lines, for sizing a layout before drawing.
    public func lines(width: Int, metrics: DisplayWidth) -> [String] {
        LineBreaker.wrap(text, width: width, metrics: metrics)
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        let wrapped = lines(width: area.width, metrics: buffer.metrics)
        for (index, line) in wrapped.prefix(area.height).enumerated() {
            var shown = line
            if index == area.height - 1 && wrapped.count > area.height {
                shown = buffer.metrics.truncate(line + " …", toWidth: area.width)
            }
            Label(Line(shown, style: style), alignment: alignment).render(in: area.row(index), buffer: &buffer)
        }
    }
}
