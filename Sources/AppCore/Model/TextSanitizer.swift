/// Makes text that came from outside (server JSON, error bodies, hand-edited files, command
/// arguments) safe to put on a terminal, in a log or in JSON a person will read. It is the
/// one filter for every outward text: a hostile server or file cannot move the cursor,
/// retitle the window, write the clipboard, reorder what is shown, or hide characters.
///
/// - Whole escape sequences (CSI, OSC, DCS, SOS, PM, APC and two-byte ESC sequences, in their
///   7-bit and C1 forms) are removed: they are instructions to the terminal, not text.
/// - Every other character that would not show as itself is **marked**, one `�` (U+FFFD) for
///   each run of them: the remaining C0 and C1 controls and DEL, every format character
///   (general category Cf: the bidirectional controls, zero-width space and joiners, word
///   joiner, BOM, soft hyphen, the Mongolian vowel separator U+180E, the tag characters…),
///   every default-ignorable code point (variation selectors U+FE00–U+FE0F and
///   U+E0100–U+E01EF, the combining grapheme joiner U+034F, the Hangul fillers…).
///   Removing them silently made `ward\u{200B}3.example.org` read as `ward3.example.org`,
///   another host; the mark keeps "something is here" visible (docs/FILES-AND-SECRETS.md).
/// - Tabs, line breaks and the line and paragraph separators (U+2028, U+2029) become single
///   spaces, unless `keepingLineBreaks` keeps `\n` (the command line's multi-line output).
///
/// Everything else, printable text in any script, is left exactly as it was.
public enum TextSanitizer {
    /// What stands for a run of characters that would not show as themselves.
    public static let mark: Unicode.Scalar = "\u{FFFD}"

    public static func clean(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Most text is plain: no work, no copy.
        if !text.unicodeScalars.contains(where: needsWork) { return text }
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        var marked = false // the last scalar written is a mark of ours (one per run)
        while let s = scalars.popFirst() {
            switch s.value {
            case 0x1B:
                skipEscapeSequence(&scalars)
                continue
            case 0x9B: // C1 CSI
                skipCSI(&scalars)
                continue
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: // C1 OSC, DCS, SOS, PM, APC
                skipString(&scalars)
                continue
            case 0x0A where keepingLineBreaks:
                out.append(s)
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
                out.append(" ")
            default:
                if isHidden(s) {
                    if !marked { out.append(mark) }
                    marked = true
                    continue
                }
                out.append(s)
            }
            marked = false
        }
        return String(out)
    }

    /// Characters that never show as themselves and are marked: controls (C0 other than the
    /// white space `clean` turns into spaces, DEL, C1), format characters (Cf) and
    /// default-ignorable code points (variation selectors, U+034F, fillers), and U+180E
    /// (Cf in Unicode 6.3 and later; named because older tables call it a space).
    public static func isHidden(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x20 { return v != 0x09 && v != 0x0A && v != 0x0D }
        if v < 0x7F { return false }
        if v <= 0x9F { return true }
        if v == 0x180E || v == 0x034F { return true }
        // Common printable blocks (kana, CJK ideographs, Hangul syllables) hold neither.
        if (0x3040...0x30FF).contains(v) || (0x3400...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) {
            return false
        }
        let properties = s.properties
        return properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
    }

    /// `U+200B`: how messages name a character a person cannot see.
    public static func notation(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The distinct characters of `text` that would not show as themselves (escape
    /// characters included), in order of first appearance. Tab and line breaks are not
    /// listed: they show as space.
    public static func hiddenCharacters(in text: String) -> [Unicode.Scalar] {
        var seen: Set<UInt32> = []
        return text.unicodeScalars.filter { (isHidden($0) || $0.value == 0x1B) && seen.insert($0.value).inserted }
    }

    private static func needsWork(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || s.value == 0x2028 || s.value == 0x2029 || isHidden(s)
    }

    private static func skipEscapeSequence(_ s: inout ArraySlice<Unicode.Scalar>) {
        guard let next = s.popFirst() else { return }
        switch next {
        case "[": skipCSI(&s)
        case "]", "P", "X", "^", "_": skipString(&s)
        default:
            // nF sequences: intermediates 0x20-0x2F then one final byte.
            var c = next
            while (0x20...0x2F).contains(c.value), let more = s.popFirst() { c = more }
        }
    }

    /// CSI: parameter and intermediate bytes 0x20-0x3F, then one final byte 0x40-0x7E.
    private static func skipCSI(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.popFirst() {
            if (0x40...0x7E).contains(c.value) || !(0x20...0x3F).contains(c.value) { return }
        }
    }

    /// String sequences end with BEL, ST (ESC \) or C1 ST.
    private static func skipString(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.popFirst() {
            if c.value == 0x07 || c.value == 0x9C { return }
            if c.value == 0x1B {
                if s.first == "\\" { s.removeFirst() }
                return
            }
        }
    }
}
