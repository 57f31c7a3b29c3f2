/// A vertical list: ` ● item` for the chosen item, ` ○ item` for the others, and the cursor row
/// highlighted (reverse video while the list has focus). Scrolls so the cursor is visible.
public struct SelectionList: Widget, Hashable, Sendable {
    public var items: [Line]
    /// The item that is in effect (marked `●`).
    public var chosen: Int?
    /// The item under the cursor.
    public var cursor: Int?
    public var isFocused: Bool
    public var markers: ListMarkers
    public var highlight: TextAttributes

    public init(
        items: [Line], chosen: Int? = nil, cursor: Int? = nil, isFocused: Bool = false,
        markers: ListMarkers = .radio, highlight: TextAttributes = .reverse
    ) {
        self.items = items
        self.chosen = chosen
        self.cursor = cursor
        self.isFocused = isFocused
        self.markers = markers
        self.highlight = highlight
    }

    /// The first visible item for a list `height` rows tall: 0, or just enough to show the cursor.
    public func scrollOffset(height: Int) -> Int {
        guard height > 0, let cursor, cursor >= height else { return 0 }
        return min(cursor - height + 1, max(0, items.count - height))
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        let metrics = buffer.metrics
        let markerWidth = max(metrics.width(of: markers.chosen), metrics.width(of: markers.other))
        let offset = scrollOffset(height: area.height)
        for row in 0..<area.height {
            let index = offset + row
            guard index < items.count else { break }
            let rowArea = area.row(row)
            var x = rowArea.x + 1
            if markerWidth > 0 {
                let marker = index == chosen ? markers.chosen : markers.other
                buffer.write(metrics.pad(marker, toWidth: markerWidth), x: x, y: rowArea.y,
                             maxWidth: rowArea.maxX - x, style: index == chosen ? .colored(.accent) : .plain)
                x += markerWidth + 1
            }
            Label(items[index]).render(in: Rect(x: x, y: rowArea.y, width: rowArea.maxX - x, height: 1), buffer: &buffer)
            if isFocused && index == cursor {
                buffer.updateStyle(in: rowArea) { $0.attributes.formUnion(highlight) }
            }
        }
    }
}
