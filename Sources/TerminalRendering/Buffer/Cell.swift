/// One terminal cell. A double-width cluster occupies a lead cell (width 2, holding the cluster)
/// and the continuation cell right of it (width 0, empty content, same style).
public struct Cell: Hashable, Sendable {
    /// One grapheme cluster; empty in a continuation cell.
    public var content: String {
        didSet { bytes = Self.packedBytes(of: content) }
    }
    /// 1 or 2 for a lead cell, 0 for a continuation cell.
    public var width: UInt8
    public var style: Style
    /// The content's UTF-8 bytes packed into one integer (length in the top byte), or
    /// `UInt64.max` when they are more than seven, so that comparing two cells is comparing
    /// integers for all but long clusters (emoji sequences).
    private var bytes: UInt64

    public init(content: String, width: UInt8, style: Style = .plain) {
        self.content = content
        self.width = width
        self.style = style
        self.bytes = Self.packedBytes(of: content)
    }

    public var isContinuation: Bool { width == 0 }

    /// Same bytes, width and style. `String`'s own `==` compares canonical equivalence, which for
    /// two different non-ASCII clusters (most cells of a language switch) goes through Unicode
    /// normalization; a terminal needs the bytes rewritten whenever they differ anyway.
    /// Byte-equal contents are canonically equal, so the synthesized hash stays consistent.
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        guard lhs.bytes == rhs.bytes && lhs.width == rhs.width && lhs.style == rhs.style else { return false }
        return lhs.bytes != .max || lhs.content.utf8.elementsEqual(rhs.content.utf8)
    }

    private static func packedBytes(of content: String) -> UInt64 {
        var packed: UInt64 = 0
        var count: UInt64 = 0
        for byte in content.utf8 {
            if count == 7 { return .max }
            packed |= UInt64(byte) << (8 * count)
            count += 1
        }
        return packed | count << 56
    }

    public static let blank = Cell(content: " ", width: 1)

    public static func blank(_ style: Style) -> Cell {
        Cell(content: " ", width: 1, style: style)
    }

    static func continuation(_ style: Style) -> Cell {
        Cell(content: "", width: 0, style: style)
    }
}
