/// A frame as a grid of cells. Every frame is drawn into a fresh buffer; the backend writes only
/// `diff(from:)` against the previous one.
///
/// Invariants kept by every mutation: a continuation cell always follows a width-2 lead cell and
/// every width-2 lead is followed by its continuation, so a wide character is never half drawn.
/// Writing over either half of a wide character blanks the other half (a real terminal would
/// otherwise shift the rest of the row). Coordinates outside the grid are ignored.
public struct CellBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let metrics: DisplayWidth
    /// Row-major, `width * height` cells.
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should rest after the frame is written (the focused item in
    /// `--plain` mode, the insertion point of a text field), or nil to hide it. Not part of
    /// `diff`: the backend compares it itself.
    public var cursor: Point?

    public init(width: Int, height: Int, metrics: DisplayWidth = .standard, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.metrics = metrics
        self.cells = [Cell](repeating: .blank(style), count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at (x, y), or a blank cell outside the grid.
    public subscript(x x: Int, y y: Int) -> Cell {
        guard x >= 0 && x < width && y >= 0 && y < height else { return .blank }
        return cells[y * width + x]
    }

    public func row(_ y: Int) -> ArraySlice<Cell> {
        guard y >= 0 && y < height else { return [] }
        return cells[(y * width)..<(y * width + width)]
    }

    /// Draws `text` from column `x` on row `y`, one cluster per cell (two for wide clusters),
    /// clipped to the grid and to `maxWidth` columns from `x`. Zero-width clusters and controls are
    /// skipped. A wide cluster that would cross the clip edge becomes a space instead.
    /// Returns the column after the text (clamped to the clip edge).
    @discardableResult
    public mutating func write(_ text: some StringProtocol, x: Int, y: Int, maxWidth: Int = .max, style: Style = .plain)
        -> Int
    {
        let limit = clipLimit(x: x, maxWidth: maxWidth)
        guard y >= 0 && y < height && x < limit else { return x }
        if let end = writeASCII(text, x: x, y: y, limit: limit, style: style) {
            return end
        }
        if let end = writeLoneScalars(text, x: x, y: y, limit: limit, style: style) {
            return end
        }
        var column = x
        for character in text {
            if column >= limit { break }
            let characterWidth = metrics.width(of: character)
            column = put(Cell(content: String(character), width: UInt8(clamping: characterWidth), style: style),
                         width: characterWidth, column: column, row: y, limit: limit, style: style)
        }
        return column
    }

    /// Draws the spans of `line` one after another; as `write`.
    @discardableResult
    public mutating func write(_ line: Line, x: Int, y: Int, maxWidth: Int = .max) -> Int {
        let limit = clipLimit(x: x, maxWidth: maxWidth)
        var column = x
        for span in line.spans {
            if column >= limit { break }
            column = write(span.text, x: column, y: y, maxWidth: limit - column, style: span.style)
        }
        return column
    }

    /// Fills `rect` (clipped to the grid) with `character` (a space unless given). A wide
    /// character that does not fit the last columns leaves them blank.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let characterWidth = metrics.width(of: character)
        let filler = characterWidth > 0 ? Cell(content: String(character), width: UInt8(characterWidth), style: style) : .blank(style)
        let step = Int(filler.width)
        let blank = Cell.blank(style)
        let continuation = Cell.continuation(style)
        for y in area.y..<area.maxY {
            // Only a wide character across either edge reaches outside the area; inside it every
            // cell is overwritten, so the edges are detached once and the cells then assigned.
            detachWide(at: area.x, row: y)
            detachWide(at: area.maxX - 1, row: y)
            let base = y * width
            var x = area.x
            while x + step <= area.maxX {
                cells[base + x] = filler
                if step == 2 { cells[base + x + 1] = continuation }
                x += step
            }
            while x < area.maxX {
                cells[base + x] = blank
                x += 1
            }
        }
    }

    /// Changes the style of every character that lies wholly inside `rect` (clipped), for example
    /// adding reverse video to the focused row. Both cells of a wide character change together; a
    /// wide character that straddles the edge of `rect` is left alone.
    public mutating func updateStyle(in rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            var x = area.x
            while x < area.maxX {
                let index = y * width + x
                if cells[index].isContinuation {
                    x += 1
                    continue
                }
                if cells[index].width == 2 {
                    if x + 1 < area.maxX {
                        transform(&cells[index].style)
                        cells[index + 1].style = cells[index].style
                    }
                    x += 2
                } else {
                    transform(&cells[index].style)
                    x += 1
                }
            }
        }
    }

    /// Replaces cells without the wide-character bookkeeping; only `apply(_:)` and `paste` use
    /// it, with runs cut at whole characters.
    mutating func replaceCells(_ newCells: some Collection<Cell>, x: Int, y: Int) {
        guard y >= 0 && y < height else { return }
        for (offset, cell) in newCells.enumerated() where x + offset >= 0 && x + offset < width {
            cells[y * width + x + offset] = cell
        }
    }

    // MARK: - Cell placement

    /// `write` for all-ASCII text (one byte per cluster; controls, including CR LF, are skipped),
    /// or nil if the text holds anything else.
    private mutating func writeASCII(_ text: some StringProtocol, x: Int, y: Int, limit: Int, style: Style) -> Int? {
        let isASCII = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
        guard isASCII else { return nil }
        var column = x
        for byte in text.utf8 where byte >= 0x20 && byte != 0x7F {
            if column >= limit { break }
            if column >= 0 {
                place(Cell(ascii: byte, style: style), at: column, row: y)
            }
            column += 1
        }
        return column
    }

    /// `write` scalar by scalar for text whose every scalar is a cluster of its own
    /// (`DisplayWidth.loneWidth`: CJK, kana, Latin, punctuation, box drawing), which needs no
    /// cluster segmentation; nil, with nothing drawn, for any other text.
    private mutating func writeLoneScalars(_ text: some StringProtocol, x: Int, y: Int, limit: Int, style: Style) -> Int? {
        for scalar in text.unicodeScalars where metrics.loneWidth(scalar) == nil {
            return nil
        }
        var column = x
        for scalar in text.unicodeScalars {
            if column >= limit { break }
            let scalarWidth = metrics.loneWidth(scalar) ?? 0
            column = put(Cell(scalar: scalar, width: UInt8(clamping: scalarWidth), style: style), width: scalarWidth,
                         column: column, row: y, limit: limit, style: style)
        }
        return column
    }

    /// Right edge of the clip area for text starting at `x` (never beyond the grid, no overflow).
    private func clipLimit(x: Int, maxWidth: Int) -> Int {
        guard maxWidth > 0 else { return min(x, width) }
        let room = width.subtractingReportingOverflow(x)
        return room.overflow || maxWidth >= room.partialValue ? width : x + maxWidth
    }

    /// Places one cluster of `characterWidth` (the cell, made only when it is drawn whole) at
    /// `column` and returns the next column.
    private mutating func put(
        _ cell: @autoclosure () -> Cell, width characterWidth: Int, column: Int, row: Int, limit: Int, style: Style
    ) -> Int {
        guard characterWidth > 0 else { return column }
        let next = column + characterWidth
        if next > limit || column < 0 {
            // Crosses the right clip edge or the left grid edge: draw its visible part as spaces.
            var x = max(column, 0)
            while x < min(next, limit) {
                place(Cell.blank(style), at: x, row: row)
                x += 1
            }
            return min(next, limit)
        }
        place(cell(), at: column, row: row)
        return next
    }

    private mutating func place(_ cell: Cell, at x: Int, row: Int) {
        let index = row * width + x
        detachWide(at: x, row: row)
        if cell.width == 2 {
            detachWide(at: x + 1, row: row)
            cells[index] = cell
            cells[index + 1] = .continuation(cell.style)
        } else {
            cells[index] = cell
        }
    }

    /// Before (x, row) is overwritten: blank the other half of the wide character it belongs to.
    private mutating func detachWide(at x: Int, row: Int) {
        let index = row * width + x
        let cell = cells[index]
        if cell.isContinuation {
            if x > 0 {
                cells[index - 1] = .blank(cells[index - 1].style)
            }
            cells[index] = .blank(cell.style)
        } else if cell.width == 2 {
            if x + 1 < width {
                cells[index + 1] = .blank(cells[index + 1].style)
            }
        }
    }
}
