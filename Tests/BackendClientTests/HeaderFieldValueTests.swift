import Testing
@testable import BackendClient

/// RFC 9110 §5.5 field values, checked over every code point of the BMP's first planes: a
/// character inside a value is refused exactly when it is a control (C0 but HTAB, DEL, C1);
/// spaces and tabs only at the edges are refused too.
@Suite("header field values (RFC 9110)")
struct HeaderFieldValueTests {
    @Test func everyCharacterInsideAValue() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let control = value < 0x20 && value != 0x09 || value == 0x7F || (0x80...0x9F).contains(value)
            let found = HeaderFieldValue.firstForbidden(in: "ab" + String(Character(scalar)) + "cd")
            if control {
                #expect(found?.scalar == scalar && found?.position == 3, "U+\(String(value, radix: 16))")
            } else {
                #expect(found == nil, "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func blanksOnlyBetweenVisibleCharacters() {
        #expect(HeaderFieldValue.firstForbidden(in: "a b\tc") == nil)
        #expect(HeaderFieldValue.firstForbidden(in: " abc")?.position == 1)
        #expect(HeaderFieldValue.firstForbidden(in: "abc\t")?.position == 4)
        #expect(HeaderFieldValue.firstForbidden(in: "トークン") == nil, "obs-text: non-ASCII bytes are allowed")
        #expect(HeaderFieldValue.firstForbidden(in: "") == nil)
        #expect(HeaderFieldValue.name("\r") == "U+000D" && HeaderFieldValue.name("\u{1F600}") == "U+1F600")
    }
}
