import TerminalRendering

/// How to draw. Colour depth is the backend's business; focus is always shown with reverse or
/// bold as well, so it survives monochrome.
public struct RenderOptions: Hashable, Sendable {
    /// `--plain` (screen-reader mode): no box drawing, no animation, status as words, the
    /// terminal cursor on the focused item.
    public var plain: Bool
    /// Display-width rules (ambiguous-wide or not), shared with the backend.
    public var metrics: DisplayWidth

    public init(plain: Bool = false, metrics: DisplayWidth = .standard) {
        self.plain = plain
        self.metrics = metrics
    }
}
