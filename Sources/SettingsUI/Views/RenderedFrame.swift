import TerminalRendering

/// A cell position on screen.
public struct CursorPosition: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// One frame: the cells, and where the terminal cursor goes (nil: hide it). The cursor is at the
/// caret of a focused text field, and in `--plain` mode on the focused item.
public struct RenderedFrame: Hashable, Sendable {
    public var buffer: CellBuffer
    public var cursor: CursorPosition?

    public init(buffer: CellBuffer, cursor: CursorPosition?) {
        self.buffer = buffer
        self.cursor = cursor
    }
}
