extension StringProtocol {
    /// Without leading and trailing white space (Unicode, line breaks included). Written on the
    /// standard library: Foundation's `trimmingCharacters(in:)` would pull Foundation into the
    /// app's process.
    public var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
