/// What a Japanese or Chinese input method types for ASCII, read as the ASCII it means
/// (SPEC §4): full-width forms (`ｈｔｔｐｓ：／／`, U+FF01…U+FF5E), the ideographic space, and the
/// full stops an IME writes for "." (`。` U+3002, `｡` U+FF61; `．` U+FF0E is full-width ASCII).
/// One function for every entry point: the pane's field, `validate`, `settings add-custom` and
/// settings.json all go through `AddressValidator`, which uses this.
public enum InputMethodText {
    /// `text` with every such character in its ASCII form; other text untouched.
    public static func asciiForms(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isWideForm) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(asciiForm(of: scalar))
        }
        return String(scalars)
    }

    /// Whether `text` holds anything `asciiForms` changes.
    public static func hasWideForms(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isWideForm)
    }

    private static func isWideForm(_ scalar: Unicode.Scalar) -> Bool {
        asciiForm(of: scalar) != scalar
    }

    private static func asciiForm(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0xFF01...0xFF5E: Unicode.Scalar(UInt8(scalar.value - 0xFEE0))
        case 0x3000: " "
        case 0x3002, 0xFF61: "."
        default: scalar
        }
    }
}
