/// Makes text that came from outside (server JSON, error bodies, hand-edited files, command
/// arguments) safe to put on a terminal, in a log or in JSON a person will read. It is the
/// one filter for every outward text: a hostile server or file cannot move the cursor,
/// retitle the window, write the clipboard, reorder what is shown, or hide characters.
///
/// Removed: whole escape sequences (CSI, OSC, DCS, SOS, PM, APC and two-byte ESC sequences,
/// in their 7-bit and C1 forms), the remaining C0 and C1 control characters and DEL,
/// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
/// zero-width and invisible characters (U+200B–U+200D, U+2060, U+FEFF, U+00AD, the tag
/// characters U+E0000–U+E007F). Tabs, line breaks and the line and paragraph separators
/// (U+2028, U+2029) become single spaces, unless `keepingLineBreaks` keeps `\n` (the
/// command line's multi-line output). Everything else, printable text in any script, is
/// left exactly as it was.
public enum TextSanitizer {
    public static func clean(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Most text is plain: no work, no copy.
        if !text.unicodeScalars.contains(where: needsWork) { return text }
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let s = scalars.popFirst() {
            switch s.value {
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x9B: // C1 CSI
                skipCSI(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: // C1 OSC, DCS, SOS, PM, APC
                skipString(&scalars)
            case 0x0A where keepingLineBreaks:
                out.append(s)
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
                out.append(" ")
            default:
                if !isRemoved(s) { out.append(s) }
            }
        }
        return String(out)
    }

    /// Characters removed outright (not sequences, not spaces).
    public static func isRemoved(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true // bidi controls
        case 0x200B...0x200D, 0x2060, 0xFEFF, 0x00AD, 0xE0000...0xE007F: true // invisible
        default: false
        }
    }

    private static func needsWork(_ s: Unicode.Scalar) -> Bool {
        isRemoved(s) || s.value == 0x2028 || s.value == 0x2029
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
