/// The display class of one Unicode scalar, as `scripts/generate-width-table` encodes it.
struct WidthClass: Equatable, Sendable {
    enum Kind: UInt8 {
        case narrow = 0, wide = 1, ambiguous = 2, zero = 3, control = 4
    }

    let rawValue: UInt8

    var kind: Kind { Kind(rawValue: rawValue & 7) ?? .narrow }

    /// The scalar has an emoji variation sequence: VS16 asks for emoji (wide), VS15 for text (narrow).
    var hasEmojiVariation: Bool { rawValue & 8 != 0 }

    /// Zero-width and control scalars never start a visible cluster.
    var isVisible: Bool {
        let kind = self.kind
        return kind != .zero && kind != .control
    }

    static func of(_ scalar: Unicode.Scalar) -> WidthClass {
        let value = scalar.value
        if value < 0x20 {
            return WidthClass(rawValue: Kind.control.rawValue)
        }
        // Below 0x3A sit `#`, `*` and the digits, which have emoji (keycap) variations.
        if value >= 0x3A && value < 0x7F {
            return WidthClass(rawValue: Kind.narrow.rawValue)
        }
        // The blocks CJK text is made of are wide throughout; skip the search for them.
        if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value)
        {
            return WidthClass(rawValue: Kind.wide.rawValue)
        }
        return lookup(value)
    }

    /// The class from the generated table alone.
    static func lookup(_ value: UInt32) -> WidthClass {
        let entries = WidthTable.entries
        // Last entry whose first code point is <= value; entry 0 starts at U+0000, so one exists.
        var low = 0
        var high = entries.count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if entries[mid] >> 8 <= value {
                low = mid
            } else {
                high = mid - 1
            }
        }
        return WidthClass(rawValue: UInt8(truncatingIfNeeded: entries[low]))
    }
}
