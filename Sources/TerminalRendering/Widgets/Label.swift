/// One line of styled text in the first row of its area, truncated with `…` to fit.
public struct Label: Widget, Hashable, Sendable {
    public var line: Line
    public var alignment: TextAlignment
    public var ellipsis: String

    public init(_ line: Line, alignment: TextAlignment = .left, ellipsis: String = "…") {
        self.line = line
        self.alignment = alignment
        self.ellipsis = ellipsis
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        let fitted = line.truncated(toWidth: area.width, metrics: buffer.metrics, ellipsis: ellipsis)
        // Measured again only to be placed: a left-aligned line starts where the area does.
        let offset: Int
        switch alignment {
        case .left: offset = 0
        case .center: offset = (area.width - fitted.width(buffer.metrics)) / 2
        case .right: offset = area.width - fitted.width(buffer.metrics)
        }
        buffer.write(fitted, x: area.x + offset, y: area.y, maxWidth: area.width - offset)
    }
}
