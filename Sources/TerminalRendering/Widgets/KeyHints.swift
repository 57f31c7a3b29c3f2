/// The footer: `Tab area  ↑↓ move  Enter choose`. Hints that do not fit are dropped from the end
/// and replaced by `…`; a single hint too long for the line is truncated.
public struct KeyHints: Widget, Hashable, Sendable {
    public struct Hint: Hashable, Sendable {
        public var key: String
        public var label: String

        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    public var hints: [Hint]
    public var keyStyle: Style
    public var labelStyle: Style
    public var separator: String

    public init(_ hints: [Hint], keyStyle: Style = .bold, labelStyle: Style = .plain, separator: String = "  ") {
        self.hints = hints
        self.keyStyle = keyStyle
        self.labelStyle = labelStyle
        self.separator = separator
    }

    /// The hints as one line no wider than `width`.
    public func line(width: Int, metrics: DisplayWidth) -> Line {
        guard width > 0 else { return Line([]) }
        let parts = hints.map { Line([Span($0.key, style: keyStyle), Span(" " + $0.label, style: labelStyle)]) }
        let separatorLine = Line(separator, style: labelStyle)
        let more = Line(separator + "…", style: labelStyle)
        var result = Line([])
        for (index, part) in parts.enumerated() {
            let candidate = index == 0 ? part : result + separatorLine + part
            let isLast = index == parts.count - 1
            let needed = candidate.width(metrics) + (isLast ? 0 : more.width(metrics))
            if needed <= width {
                result = candidate
                continue
            }
            if index == 0 {
                return part.truncated(toWidth: width, metrics: metrics)
            }
            return result + more
        }
        return result
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        buffer.write(line(width: area.width, metrics: buffer.metrics), x: area.x, y: area.y, maxWidth: area.width)
    }
}
