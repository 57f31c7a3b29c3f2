extension CellBuffer {
    /// The cells of `rect` (clipped to the grid), row after row: what a region of a frame drew,
    /// kept to be put back by `paste(_:in:)` when the region's model has not changed.
    public func cells(in rect: Rect) -> [Cell] {
        let area = clipped(rect)
        guard !area.isEmpty else { return [] }
        var result: [Cell] = []
        result.reserveCapacity(area.width * area.height)
        for y in area.y..<area.maxY {
            result += cells[(y * width + area.x)..<(y * width + area.maxX)]
        }
        return result
    }

    /// Whether the cells of `rect` are `expected` (as `cells(in:)` gives them).
    public func cells(in rect: Rect, are expected: [Cell]) -> Bool {
        let area = clipped(rect)
        guard expected.count == area.width * area.height else { return false }
        guard !area.isEmpty else { return true }
        var index = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                guard cells[y * width + x] == expected[index] else { return false }
                index += 1
            }
        }
        return true
    }

    /// Puts back cells `cells(in:)` took from the same `rect` of a buffer of this size, without
    /// the wide-character bookkeeping of `write`: they were cut from a whole frame, and the caller
    /// pastes them only where that frame had the same cells around them (`cells(in:are:)` on a
    /// rect one column wider each side), so no wide character is cut.
    public mutating func paste(_ newCells: [Cell], in rect: Rect) {
        let area = clipped(rect)
        guard !area.isEmpty, newCells.count == area.width * area.height else { return }
        for (row, y) in (area.y..<area.maxY).enumerated() {
            replaceCells(newCells[(row * area.width)..<(row * area.width + area.width)], x: area.x, y: y)
        }
    }

    /// Blank cells over `rect`, as a new grid has them, without the wide-character bookkeeping
    /// (as `paste`).
    public mutating func blank(_ rect: Rect) {
        let area = clipped(rect)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            replaceCells(repeatElement(Cell.blank, count: area.width), x: area.x, y: y)
        }
    }

    /// `rect` within the grid, empty (never of negative size) when they do not meet.
    public func clipped(_ rect: Rect) -> Rect {
        let area = rect.intersection(bounds)
        return Rect(x: area.x, y: area.y, width: max(0, area.width), height: max(0, area.height))
    }
}
