/// The colours each visible character of a `capture-pane -e` screen is drawn in, from its SGR
/// sequences (the state carries over from row to row, as the terminal's does).
enum ColorCells {
    /// A colour as tmux writes it: nil is the terminal's default; 0–255 the palette.
    struct Cell: Equatable {
        var character: Character
        var row: Int
        var foreground: Int?
        var background: Int?
    }

    /// Every non-space character with the foreground and background it is shown in (reverse
    /// video swaps them).
    static func cells(_ rows: [String]) -> [Cell] {
        var foreground: Int?
        var background: Int?
        var reverse = false
        var result: [Cell] = []
        for (rowIndex, row) in rows.enumerated() {
            var index = row.startIndex
            while index < row.endIndex {
                if row[index] == "\u{1B}", let sequence = Attributes.sequence(in: row, at: index) {
                    let (parameters, final, end) = (sequence.parameters, sequence.final, sequence.end)
                    if final == "m" {
                        apply(parameters, foreground: &foreground, background: &background, reverse: &reverse)
                    }
                    index = end
                    continue
                }
                let character = row[index]
                if character != " " && !(character.asciiValue.map { $0 < 0x20 } ?? false) {
                    result.append(Cell(character: character, row: rowIndex,
                                       foreground: reverse ? background : foreground,
                                       background: reverse ? foreground : background))
                }
                index = row.index(after: index)
            }
        }
        return result
    }

    /// Characters whose foreground is the same colour as their background: invisible text.
    static func invisible(_ rows: [String]) -> [Cell] {
        cells(rows).filter { $0.foreground != nil && $0.foreground == $0.background }
    }

    private static func apply(_ parameters: [Int], foreground: inout Int?, background: inout Int?, reverse: inout Bool) {
        var index = 0
        while index < parameters.count {
            let p = parameters[index]
            switch p {
            case 0: foreground = nil; background = nil; reverse = false
            case 7: reverse = true
            case 27: reverse = false
            case 30...37: foreground = p - 30
            case 90...97: foreground = p - 90 + 8
            case 39: foreground = nil
            case 40...47: background = p - 40
            case 100...107: background = p - 100 + 8
            case 49: background = nil
            case 38, 48:
                if index + 2 < parameters.count && parameters[index + 1] == 5 {
                    if p == 38 { foreground = parameters[index + 2] } else { background = parameters[index + 2] }
                    index += 2
                } else if index + 4 < parameters.count && parameters[index + 1] == 2 {
                    // True colour: as a number that two equal colours share.
                    let rgb = 1000 + parameters[index + 2] << 16 | parameters[index + 3] << 8 | parameters[index + 4]
                    if p == 38 { foreground = rgb } else { background = rgb }
                    index += 4
                }
            default: break
            }
            index += 1
        }
    }
}
