/// Recent values as bars `▁▂▃▄▅▆▇█`, newest on the right, scaled from 0 to the largest value
/// shown (or `maximum`). As many of the newest values as fit are drawn from the left edge; a
/// value that is not finite (a failed probe) is a gap. Bars are ambiguous width, so in
/// ambiguous-wide mode each takes two cells.
public struct Sparkline: Widget, Hashable, Sendable {
    public var values: [Double]
    public var maximum: Double?
    public var style: Style

    public static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public init(_ values: [Double], maximum: Double? = nil, style: Style = .plain) {
        self.values = values
        self.maximum = maximum
        self.style = style
    }

    /// The bars for `width` columns.
    public func text(width: Int, metrics: DisplayWidth) -> String {
        let barWidth = max(1, metrics.width(of: Self.bars[0]))
        let shown = values.suffix(max(0, width / barWidth))
        let top = maximum ?? shown.filter(\.isFinite).max() ?? 0
        var result = ""
        for value in shown {
            guard value.isFinite else {
                result += String(repeating: " ", count: barWidth)
                continue
            }
            let level = top > 0 ? Int((max(0, value) / top * 7).rounded()) : 0
            result.append(Self.bars[min(7, max(0, level))])
        }
        return result
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        buffer.write(text(width: area.width, metrics: buffer.metrics), x: area.x, y: area.y,
                     maxWidth: area.width, style: style)
    }
}
