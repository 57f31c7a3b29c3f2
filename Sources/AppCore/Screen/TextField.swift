import TerminalRendering

/// An editable single-line text with a cursor counted in grapheme clusters, so a CJK character
/// or an emoji with modifiers is one step of the arrow keys and one Backspace.
public struct TextField: Hashable, Sendable {
    public private(set) var text: String
    /// Clusters before the cursor, `0...text.count`.
    public private(set) var cursor: Int
    /// Shown as bullets and kept out of descriptions and mirrors (passwords).
    public let isSecret: Bool
    /// Reads full-width ASCII (`ｈｔｔｐｓ：／／`, a common slip of a Japanese input method) as
    /// half-width: for addresses, which are ASCII.
    public let foldsFullWidth: Bool
    /// The last key typed was full-width and read as half-width (the field says so until the next key).
    public private(set) var foldedFullWidth: Bool

    /// Far above the validator's 255-character limit, so `too_long` can still be shown, but
    /// bounded so a paste of a huge text cannot make every frame slow.
    public static let maximumLength = 1024
    /// This field's bound (`maximumLength` unless a longer text must reach its own check, such
    /// as an incident note's).
    public let limit: Int

    public init(text: String = "", isSecret: Bool = false, foldsFullWidth: Bool = false,
                limit: Int = TextField.maximumLength) {
        let typeable = text.filter(TextField.isTypeable)
        let folded = foldsFullWidth ? TextField.halfWidth(typeable) : typeable
        let cleaned = String(folded.prefix(limit))
        self.limit = limit
        self.text = cleaned
        self.cursor = cleaned.count
        self.isSecret = isSecret
        self.foldsFullWidth = foldsFullWidth
        self.foldedFullWidth = folded != typeable
    }

    /// An address field: full-width ASCII is read as half-width.
    public static func address(_ text: String = "") -> TextField {
        TextField(text: text, foldsFullWidth: true)
    }

    /// `text` with what an input method types for ASCII (full-width forms, the ideographic
    /// space and full stops) as that ASCII: the validator's reading, so field and `validate` agree.
    public static func halfWidth(_ text: String) -> String {
        InputMethodText.asciiForms(text)
    }

    public var isEmpty: Bool { text.isEmpty }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        self = TextField(text: newText, isSecret: isSecret, foldsFullWidth: foldsFullWidth, limit: limit)
    }

    /// Empties the field. A secret field's characters are overwritten in memory first, so a
    /// password does not linger in freed heap memory after it has been handed on.
    public mutating func clear() {
        if isSecret { Self.overwrite(&text) }
        setText("")
    }

    /// Best effort: zeroes the bytes of `string`'s own storage (a heap buffer the field built
    /// character by character, never a literal). Short strings live inside the value itself
    /// and are gone once the value is replaced.
    static func overwrite(_ string: inout String) {
        string.withUTF8 { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            UnsafeMutableRawPointer(mutating: base).initializeMemory(as: UInt8.self, repeating: 0, count: buffer.count)
        }
    }

    /// Inserts a printable character at the cursor; controls and zero-width-only clusters are ignored.
    public mutating func insert(_ character: Character) {
        guard TextField.isTypeable(character), text.count < limit else { return }
        var character = character
        if foldsFullWidth {
            let folded = TextField.halfWidth(String(character))
            if folded != String(character), let single = folded.first, folded.count == 1 {
                character = single
                foldedFullWidth = true
            }
        }
        let before = text.count
        text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
        // A combining mark typed after a letter merges into that letter's cluster: count, don't assume +1.
        cursor = min(text.count, cursor + text.count - before)
    }

    /// Applies an editing key; returns whether the key was an editing key (consumed).
    @discardableResult
    public mutating func edit(_ key: Key) -> Bool {
        // The note answers the last key only.
        foldedFullWidth = false
        switch key {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .backspace:
            guard cursor > 0 else { return true }
            let index = text.index(text.startIndex, offsetBy: cursor - 1)
            text.remove(at: index)
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .ctrl("a"): cursor = 0
        case .ctrl("e"): cursor = text.count
        case .ctrl("u"): removeClusters(0..<cursor)
        case .ctrl("k"): removeClusters(cursor..<text.count)
        case .ctrl("w"): removeClusters(wordStart(before: cursor)..<cursor)
        case .character(let character):
            insert(character)
        default:
            return false
        }
        return true
    }

    /// The keys `edit` consumes besides printable characters: a shell line's (readline's emacs
    /// keys), because that is what IT staff's fingers already know.
    public static let editingKeys: Set<Key> = [
        .left, .right, .home, .end, .backspace, .delete,
        .ctrl("a"), .ctrl("e"), .ctrl("u"), .ctrl("k"), .ctrl("w"),
    ]

    /// Removes the clusters in `range` (cluster offsets) and leaves the cursor where they began.
    private mutating func removeClusters(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.index(lower, offsetBy: range.count)
        text.removeSubrange(lower..<upper)
        cursor = range.lowerBound
    }

    /// Where Ctrl-W stops: back over separators, then over the word before them. A word is a run
    /// of letters and digits, so in an address Ctrl-W takes `api`, then `example`, not the whole
    /// URL as a shell's white-space word would. A password is one word: how it splits into words
    /// is not shown to someone looking over a shoulder.
    private func wordStart(before offset: Int) -> Int {
        if isSecret { return 0 }
        let clusters = Array(text.prefix(offset))
        var start = clusters.count
        while start > 0, !Self.isWordCharacter(clusters[start - 1]) { start -= 1 }
        while start > 0, Self.isWordCharacter(clusters[start - 1]) { start -= 1 }
        return start
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// No C0/C1 control or DEL anywhere in the cluster (a pasted escape sequence never gets in).
    static func isTypeable(_ character: Character) -> Bool {
        !character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}

extension TextField: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        isSecret ? "TextField(secret, \(text.count) characters)" : "TextField(\(text.debugDescription), cursor: \(cursor))"
    }

    public var debugDescription: String { description }

    /// `dump()` and debuggers see no password.
    public var customMirror: Mirror {
        isSecret
            ? Mirror(self, children: ["isSecret": true, "count": text.count])
            : Mirror(self, children: ["text": text, "cursor": cursor])
    }
}
