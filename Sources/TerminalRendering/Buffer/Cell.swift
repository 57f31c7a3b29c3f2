/// One terminal cell. A double-width cluster occupies a lead cell (width 2, holding the cluster)
/// and the continuation cell right of it (width 0, empty content, same style).
public struct Cell: Hashable, Sendable {
    /// One grapheme cluster; empty in a continuation cell.
    public var content: String
    /// 1 or 2 for a lead cell, 0 for a continuation cell.
    public var width: UInt8
    public var style: Style

    public init(content: String, width: UInt8, style: Style = .plain) {
        self.content = content
        self.width = width
        self.style = style
    }

    public var isContinuation: Bool { width == 0 }

    public static let blank = Cell(content: " ", width: 1)

    public static func blank(_ style: Style) -> Cell {
        Cell(content: " ", width: 1, style: style)
    }

    static func continuation(_ style: Style) -> Cell {
        Cell(content: "", width: 0, style: style)
    }
}
