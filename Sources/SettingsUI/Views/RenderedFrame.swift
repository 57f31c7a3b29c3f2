import AppCore
import TerminalRendering

/// One frame: the cells, and where the terminal cursor goes (nil: hide it). The cursor is at the
/// caret of a focused text field, and in `--plain` mode on the focused item. `buffer.cursor`
/// holds the same position, for backends that take the buffer alone.
///
/// With it, what the views reported about their layout while drawing: where a click means
/// something (`targets`, SPEC §10.3) and the scrolling view's size (`viewport`, for paging).
public struct RenderedFrame: Hashable, Sendable {
    public var buffer: CellBuffer
    public var cursor: Point?
    public var targets: [MouseRegion]
    public var viewport: ScrollViewport?

    public init(buffer: CellBuffer, cursor: Point?, targets: [MouseRegion] = [], viewport: ScrollViewport? = nil) {
        self.buffer = buffer
        self.cursor = cursor
        self.targets = targets
        self.viewport = viewport
    }

    /// What a click at this cell means (the last region drawn there), or nil.
    public func target(x: Int, y: Int) -> MouseTarget? {
        targets.last { $0.area.contains(x: x, y: y) }?.target
    }
}
