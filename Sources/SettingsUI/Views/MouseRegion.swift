import AppCore
import TerminalRendering

/// Where a click means something in a frame: the area a view drew, and what a click there does.
/// The views record them while drawing (`Canvas.clickable`), from the same layout they draw
/// with, so the hit test can never disagree with what is on screen.
public struct MouseRegion: Hashable, Sendable {
    public var area: Rect
    public var target: MouseTarget

    public init(area: Rect, target: MouseTarget) {
        self.area = area
        self.target = target
    }
}

extension Canvas {
    /// Records that a click inside `area` means `target`. Later records win where they overlap
    /// (a row over its box).
    mutating func clickable(_ area: Rect, _ target: MouseTarget) {
        let shown = area.intersection(buffer.bounds)
        if !shown.isEmpty { targets.append(MouseRegion(area: shown, target: target)) }
    }
}
