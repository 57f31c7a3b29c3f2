import AppCore
import TerminalRendering

/// How to draw. Colour depth is the backend's business; focus is always shown with reverse or
/// bold as well, so it survives monochrome.
public struct RenderOptions: Hashable, Sendable {
    /// `--plain` (screen-reader mode): no box drawing, no animation, status as words, the
    /// terminal cursor on the focused item.
    public var plain: Bool
    /// Display-width rules (ambiguous-wide or not), shared with the backend.
    public var metrics: DisplayWidth

    /// `TERM` had no terminfo entry here and a close one is used instead; the main screen says so.
    public var terminalNote: TerminalNote?

    public init(plain: Bool = false, metrics: DisplayWidth = .standard, terminalNote: TerminalNote? = nil) {
        self.plain = plain
        self.metrics = metrics
        self.terminalNote = terminalNote
    }
}

/// The terminal type asked for (`TERM`) and the one drawn with.
public struct TerminalNote: Hashable, Sendable {
    public var requested: String
    public var used: String

    public init(requested: String, used: String) {
        self.requested = requested
        self.used = used
    }
}
