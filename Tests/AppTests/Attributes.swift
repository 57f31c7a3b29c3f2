/// SGR attributes in a `capture-pane -e` screen: which text is in reverse video, and which colours appear.
enum Attributes {
    struct Cell {
        var character: Character
        var reverse: Bool
    }

    /// Every SGR parameter list on the screen, e.g. `[1, 7]` for `ESC [ 1 ; 7 m`.
    static func sgrParameters(_ rows: [String]) -> [[Int]] {
        var result: [[Int]] = []
        for row in rows {
            for sequence in sequences(in: row) where sequence.final == "m" {
                result.append(sequence.parameters)
            }
        }
        return result
    }

    /// The text of each row that is drawn in reverse video (empty for rows without any). The SGR state carries
    /// over from row to row, as the terminal's would.
    static func reverseText(_ rows: [String]) -> [String] {
        var reverse = false
        return rows.map { row in
            var text = ""
            var index = row.startIndex
            while index < row.endIndex {
                if row[index] == "\u{1B}", let sequence = sequence(in: row, at: index) {
                    if sequence.final == "m" { reverse = apply(sequence.parameters, to: reverse) }
                    index = sequence.end
                    continue
                }
                if reverse { text.append(row[index]) }
                index = row.index(after: index)
            }
            return text
        }
    }

    /// Whether any SGR sets a foreground or background colour (30–38, 40–48, 90–97, 100–107).
    static func hasColor(_ rows: [String]) -> Bool {
        sgrParameters(rows).contains { parameters in
            parameters.contains { (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0)
                || (100...107).contains($0) }
        }
    }

    private static func apply(_ parameters: [Int], to reverse: Bool) -> Bool {
        var reverse = reverse
        var skip = 0
        for (position, parameter) in parameters.enumerated() {
            if skip > 0 {
                skip -= 1
                continue
            }
            switch parameter {
            case 0: reverse = false
            case 7: reverse = true
            case 27: reverse = false
            case 38, 48:
                // 38;5;N or 38;2;R;G;B: the numbers after are not attributes.
                let next = position + 1 < parameters.count ? parameters[position + 1] : 0
                skip = next == 5 ? 2 : next == 2 ? 4 : 1
            default: break
            }
        }
        return reverse
    }

    /// One CSI sequence of a captured row: its parameters, final byte, and where it ends.
    struct Sequence {
        var parameters: [Int]
        var final: Character
        var end: String.Index
    }

    private static func sequences(in row: String) -> [Sequence] {
        var result: [Sequence] = []
        var index = row.startIndex
        while let escape = row[index...].firstIndex(of: "\u{1B}") {
            if let found = sequence(in: row, at: escape) {
                result.append(found)
                index = found.end
            } else {
                index = row.index(after: escape)
            }
        }
        return result
    }

    /// The CSI sequence starting at `start` (ESC [ params final), or nil.
    static func sequence(in row: String, at start: String.Index) -> Sequence? {
        var index = row.index(after: start)
        guard index < row.endIndex, row[index] == "[" else { return nil }
        index = row.index(after: index)
        var body = ""
        while index < row.endIndex {
            let character = row[index]
            if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) {
                let parameters = body.isEmpty ? [0] : body.split(separator: ";", omittingEmptySubsequences: false)
                    .map { Int($0) ?? 0 }
                return Sequence(parameters: parameters, final: character, end: row.index(after: index))
            }
            body.append(character)
            index = row.index(after: index)
        }
        return nil
    }
}
