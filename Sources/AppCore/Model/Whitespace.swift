extension StringProtocol {
    /// Without leading and trailing white space (Unicode, line breaks included). Written on the
    /// standard library: Foundation's `trimmingCharacters(in:)` would pull Foundation into the
    /// app's process.
    public var trimmingWhitespace: String {
        trimming { $0.isWhitespace }
    }

    /// Without leading and trailing blanks, line breaks kept: exactly what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes, scalar by scalar (the space separators,
    /// the tab, and the zero-width space that Foundation still counts among them).
    public var trimmingBlanks: String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isBlank }),
              let last = scalars.lastIndex(where: { !$0.isBlank }) else { return "" }
        return String(scalars[first...last])
    }

    private func trimming(_ isRemoved: (Character) -> Bool) -> String {
        var slice = Substring(self)
        while let first = slice.first, isRemoved(first) { slice = slice.dropFirst() }
        while let last = slice.last, isRemoved(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

extension Unicode.Scalar {
    fileprivate var isBlank: Bool {
        properties.generalCategory == .spaceSeparator || self == "\t" || self == "\u{200B}"
    }
}
