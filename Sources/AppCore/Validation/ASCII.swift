/// Byte-level character classes for URL parsing. URLs are ASCII by definition, so the parser
/// works on bytes and scalars rather than on locale- or Unicode-aware APIs.
enum ASCII {
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Lower-cases ASCII letters only. `String.lowercased()` would also map non-ASCII text
    /// (sometimes into several scalars), which would make normalization depend on Unicode tables.
    static func lowercased(_ text: some StringProtocol) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x41...0x5A).contains(scalar.value), let lower = Unicode.Scalar(scalar.value + 0x20) {
                scalars.append(lower)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Case-insensitive comparison with an ASCII literal.
    static func equalsIgnoringCase(_ text: some StringProtocol, _ lowerLiteral: String) -> Bool {
        lowercased(text) == lowerLiteral
    }
}
