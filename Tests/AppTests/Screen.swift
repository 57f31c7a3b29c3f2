import TestSupport

/// Reading a captured screen the way a person would: words anywhere on it, box drawing, squashed text
/// (wrapped sentences and text inside boxes compared without white space and borders).
struct Screen: CustomStringConvertible {
    let rows: [String]

    init(_ rows: [String]) {
        self.rows = rows
    }

    var text: String { rows.joined(separator: "\n") }

    var description: String { TmuxSession.framed(rows) }

    /// Whether `word` is on the screen; a word that starts or ends with an ASCII letter must not touch
    /// another letter there (so "on" is not found inside "Connected").
    func contains(_ word: String) -> Bool {
        Self.contains(word, in: text)
    }

    static func contains(_ word: String, in text: String) -> Bool {
        guard !word.isEmpty else { return false }
        let checksStart = word.unicodeScalars.first.map(isASCIILetter) ?? false
        let checksEnd = word.unicodeScalars.last.map(isASCIILetter) ?? false
        var searchStart = text.startIndex
        while let range = text.range(of: word, range: searchStart..<text.endIndex) {
            let before = range.lowerBound > text.startIndex
                ? text.unicodeScalars[text.unicodeScalars.index(before: range.lowerBound)] : nil
            let after = range.upperBound < text.endIndex ? text.unicodeScalars[range.upperBound] : nil
            let startOK = !checksStart || !(before.map(isASCIILetter) ?? false)
            let endOK = !checksEnd || !(after.map(isASCIILetter) ?? false)
            if startOK && endOK { return true }
            searchStart = text.index(after: range.lowerBound)
        }
        return false
    }

    /// The screen without white space and box-drawing characters, to find text that wraps or sits inside
    /// boxes.
    var squashed: String { Self.squash(text) }

    static func squash(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter {
            !$0.properties.isWhitespace && !isBoxDrawing($0)
        }))
    }

    func containsSquashed(_ phrase: String) -> Bool {
        squashed.contains(Self.squash(phrase))
    }

    var hasBoxDrawing: Bool {
        text.unicodeScalars.contains(where: Self.isBoxDrawing)
    }

    static func isBoxDrawing(_ scalar: Unicode.Scalar) -> Bool {
        (0x2500...0x257F).contains(scalar.value)
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && scalar.properties.isAlphabetic
    }
}
