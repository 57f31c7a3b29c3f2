/// Makes text that came from outside (server JSON, error bodies, hand-edited files) safe to
/// put on a terminal or in a log: escape sequences and control characters are removed, so a
/// hostile server cannot move the cursor, retitle the window or fake screen content.
public enum TextSanitizer {
    /// Removes ANSI/VT escape sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-byte ESC
    /// sequences), C0 and C1 control characters, DEL, and bidirectional overrides.
    /// Line breaks and tabs become single spaces.
    public static func clean(_ text: String) -> String {
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
            case 0x09, 0x0A, 0x0D:
                out.append(" ")
            case 0x00...0x1F, 0x7F, 0x80...0x9F:
                continue
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                out.append(s)
            }
        }
        return String(out)
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
