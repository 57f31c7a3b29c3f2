import AppCore
import TerminalRendering

/// One frame: the cells, and where the terminal cursor goes (nil: hide it). The cursor is at the
/// caret of a focused text field, and in `--plain` mode on the focused item. `buffer.cursor`
/// holds the same position, for backends that take the buffer alone.
public struct RenderedFrame: Hashable, Sendable {
    public var buffer: CellBuffer
    public var cursor: Point?

    public init(buffer: CellBuffer, cursor: Point?) {
        self.buffer = buffer
        self.cursor = cursor
    }
}
