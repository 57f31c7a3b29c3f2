import TerminalRendering

/// What a scrolling view showed in the last frame (the help overlay, the history view, the
/// fleet's list): how many rows it had and how many lines or rows it holds. The view reports it
/// while drawing and the loop hands it to the update, so PgUp/PgDn move by what is on screen
/// and the offset never leaves what the view can show.
public struct ScrollViewport: Hashable, Sendable {
    /// Rows the view shows at once (at least 1).
    public var visible: Int
    /// Lines (or rows) it holds.
    public var total: Int

    public init(visible: Int, total: Int) {
        self.visible = max(1, visible)
        self.total = max(0, total)
    }

    /// The largest first line: the one that shows the last line at the bottom.
    public var maxOffset: Int { max(0, total - visible) }

    /// The first line after `move` from `offset`, within [0, maxOffset]: a page is a screenful.
    public func offset(after move: ScrollMove, from offset: Int) -> Int {
        let wanted: Int
        switch move {
        case .lines(let count): wanted = offset + count
        case .pages(let count): wanted = offset + count * visible
        case .first: wanted = 0
        case .last: wanted = maxOffset
        }
        return min(max(0, wanted), maxOffset)
    }
}

/// A move in a scrolling view: ↑↓ and the wheel by lines, PgUp/PgDn by pages, Home/End to the ends.
public enum ScrollMove: Hashable, Sendable {
    case lines(Int)
    case pages(Int)
    case first
    case last

    /// The move a paging key makes (nil for any other key).
    public init?(key: Key) {
        switch key {
        case .pageUp: self = .pages(-1)
        case .pageDown: self = .pages(1)
        case .home: self = .first
        case .end: self = .last
        default: return nil
        }
    }
}
