/// A string as a memo key, equal to another only when their bytes are. `String`'s own equality
/// is canonical equivalence (`é` precomposed equals `e` + U+0301), so a memo keyed on it could
/// hand back a result made from the other spelling's bytes.
public struct ExactText: Hashable, Sendable {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
