import TerminalRendering

/// Keeps answers that missed the probe's deadline out of the keys (docs/ARCHITECTURE.md: The
/// start sequence and the terminal probe). Such an answer reaches ncurses like typed text, and
/// ncurses hands it over as keys: Escape, `[`, digits, `;`, `R` (its Escape would close an
/// overlay). Runs of Escape and character keys are read back as the bytes they came from, the
/// answers are taken out, and the rest are keys again, in order. ncurses gives one answer as
/// one run: its Escape delay joins bytes written together.
///
/// It stops once every cursor report asked for has come, or after a few seconds.
public struct LateAnswerFilter: Sendable {
    private var reportsLeft: Int
    private let until: Int

    public init(reportsLeft: Int, until: Int) {
        self.reportsLeft = reportsLeft
        self.until = until
    }

    /// Nothing more is expected.
    public func isDone(now: Int) -> Bool {
        reportsLeft <= 0 || now > until
    }

    public mutating func filter(_ keys: [Key]) -> [Key] {
        var out: [Key] = []
        var run: [UInt8] = []
        func flush() {
            guard !run.isEmpty else { return }
            var replies = TerminalReplies()
            replies.feed(run)
            replies.finish()
            reportsLeft -= replies.cursorReports.count
            out += Self.keys(replies.takeKeys())
            run = []
        }
        for key in keys {
            if let bytes = Self.bytes(key) {
                run += bytes
            } else {
                flush()
                out.append(key)
            }
        }
        flush()
        return out
    }

    /// The bytes a key came from, for the keys an answer is made of.
    static func bytes(_ key: Key) -> [UInt8]? {
        switch key {
        case .escape: return [0x1B]
        case .character(let character) where character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }):
            return Array(String(character).utf8)
        default: return nil
        }
    }

    /// Bytes of typed text back into keys (also the keys typed during the probe itself).
    public static func keys(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        for character in String(decoding: bytes, as: UTF8.self) {
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value < 0x20 || scalar.value == 0x7F else {
                keys.append(.character(character))
                continue
            }
            switch scalar.value {
            case 0x1B: keys.append(.escape)
            case 0x09: keys.append(.tab)
            case 0x0A, 0x0D: keys.append(.enter)
            case 0x08, 0x7F: keys.append(.backspace)
            case 0x01...0x1A:
                if let letter = Unicode.Scalar(scalar.value + 0x60) { keys.append(.ctrl(Character(letter))) }
            default: break
            }
        }
        return keys
    }
}
