/// RFC 9110 §5.5's rule for a header field value: visible characters (and bytes of non-ASCII
/// text), with spaces and tabs only between them. A value outside it (a CR or LF that would
/// start another header line, a NUL that would cut it, any other control) is refused before
/// a request is made: never sent, and never cleaned into something else silently.
public enum HeaderFieldValue {
    /// The first character the rule does not allow, with its 1-based position; nil when the
    /// whole value may be sent.
    public static func firstForbidden(in value: String) -> (scalar: Unicode.Scalar, position: Int)? {
        let scalars = Array(value.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let isBlank = scalar == " " || scalar == "\t"
            let isEdge = index == 0 || index == scalars.count - 1
            if isBlank ? isEdge : !isVisible(scalar) { return (scalar, index + 1) }
        }
        return nil
    }

    /// VCHAR (U+0021…U+007E) or obs-text: any non-ASCII character except the C1 controls,
    /// which terminals and some servers treat as controls too.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x7E: true
        case 0x80...0x9F: false
        case 0xA0...: true
        default: false
        }
    }

    /// `U+000D`, the way messages name a character.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
