/// A border with an optional title on the left of the top edge, another on the right (the status
/// indicator), and one on the bottom edge (key hints): `┌ Title ──── Status ┐`.
/// Border glyphs are measured, so in ambiguous-wide mode each takes two cells and the inside
/// shrinks to match.
public struct Box: Widget, Hashable, Sendable {
    public var title: Line?
    public var rightTitle: Line?
    public var bottomTitle: Line?
    public var border: BorderSet
    public var style: Style
    /// Blank the inside before the content is drawn (for overlays and dialogs).
    public var clearsInside: Bool

    public init(
        title: Line? = nil, rightTitle: Line? = nil, bottomTitle: Line? = nil, border: BorderSet = .single,
        style: Style = .plain, clearsInside: Bool = true
    ) {
        self.title = title
        self.rightTitle = rightTitle
        self.bottomTitle = bottomTitle
        self.border = border
        self.style = style
        self.clearsInside = clearsInside
    }

    /// The area inside the border.
    public func inner(_ area: Rect, metrics: DisplayWidth) -> Rect {
        let side = max(1, metrics.width(of: border.vertical))
        return area.inset(top: 1, left: side, bottom: 1, right: side)
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        let metrics = buffer.metrics
        let inside = inner(area, metrics: metrics)
        if clearsInside {
            buffer.fill(inside)
        }
        drawEdge(row: area.y, area: area, left: border.topLeft, right: border.topRight,
                 leftTitle: title, rightTitle: rightTitle, buffer: &buffer)
        if area.height > 1 {
            drawEdge(row: area.maxY - 1, area: area, left: border.bottomLeft, right: border.bottomRight,
                     leftTitle: bottomTitle, rightTitle: nil, buffer: &buffer)
        }
        // The sides are filled as columns: the glyph is measured once, not once per row.
        let sideWidth = max(1, metrics.width(of: border.vertical))
        guard inside.height > 0 else { return }
        buffer.fill(Rect(x: area.x, y: inside.y, width: min(sideWidth, area.width), height: inside.height),
                    with: border.vertical, style: style)
        if area.width >= 2 * sideWidth {
            buffer.fill(Rect(x: area.maxX - sideWidth, y: inside.y, width: sideWidth, height: inside.height),
                        with: border.vertical, style: style)
        }
    }

    private func drawEdge(
        row y: Int, area: Rect, left: Character, right: Character, leftTitle: Line?, rightTitle: Line?,
        buffer: inout CellBuffer
    ) {
        let metrics = buffer.metrics
        let cornerWidth = max(1, metrics.width(of: left), metrics.width(of: right))
        let lineWidth = max(1, metrics.width(of: border.horizontal))
        buffer.write(String(left), x: area.x, y: y, maxWidth: min(cornerWidth, area.width), style: style)
        guard area.width >= 2 * cornerWidth else { return }
        buffer.write(String(right), x: area.maxX - cornerWidth, y: y, maxWidth: cornerWidth, style: style)

        let start = area.x + cornerWidth
        let end = area.maxX - cornerWidth
        let span = end - start
        // As many whole glyphs as fit, then spaces (a two-cell glyph leaves an odd cell over).
        buffer.fill(Rect(x: start, y: y, width: max(0, span), height: 1), with: border.horizontal, style: style)

        // A title is framed by one space each side; at least one horizontal stays between titles.
        var rightStart = end
        if let rightTitle, span >= 3 {
            let fitted = rightTitle.truncated(toWidth: span - 2, metrics: metrics)
            let titleWidth = fitted.width(metrics) + 2
            rightStart = end - titleWidth
            buffer.write(" ", x: rightStart, y: y, maxWidth: 1, style: style)
            buffer.write(fitted, x: rightStart + 1, y: y, maxWidth: titleWidth - 2)
            buffer.write(" ", x: end - 1, y: y, maxWidth: 1, style: style)
        }
        if let leftTitle {
            let room = (rightStart == end ? span : rightStart - start - lineWidth) - 2
            guard room >= 1 else { return }
            let fitted = leftTitle.truncated(toWidth: room, metrics: metrics)
            buffer.write(" ", x: start, y: y, maxWidth: 1, style: style)
            let after = buffer.write(fitted, x: start + 1, y: y, maxWidth: room)
            buffer.write(" ", x: after, y: y, maxWidth: 1, style: style)
        }
    }
}
