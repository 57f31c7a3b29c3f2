/// Golden-file dumps.
///
/// `textDump()`: one line per row joined by "\n"; a wide cluster is written once (its continuation
/// cell adds nothing), so every row's display width equals the buffer width; trailing spaces are
/// kept. `textDump(edge: "|")` appends a marker to each row so trailing spaces survive editors.
///
/// `styleDump()`: one line per row with exactly one ASCII character per cell (continuation cells
/// included), from `Style.maskSymbol`, so it lines up column for column with the cells.
extension CellBuffer {
    public func textDump(edge: String = "") -> String {
        var rows: [String] = []
        rows.reserveCapacity(height)
        for y in 0..<height {
            var line = ""
            for cell in row(y) where !cell.isContinuation {
                line += cell.content
            }
            rows.append(line + edge)
        }
        return rows.joined(separator: "\n")
    }

    public func styleDump(symbol: (Style) -> Character = { $0.maskSymbol }) -> String {
        var rows: [String] = []
        rows.reserveCapacity(height)
        for y in 0..<height {
            rows.append(String(row(y).map { symbol($0.style) }))
        }
        return rows.joined(separator: "\n")
    }
}
