import TerminalRendering

/// What a click lands on (SPEC §10.3), as the frame's views recorded it where they drew it:
/// an area to focus, a row to choose, a button to press, or a footer hint that acts as its key.
public enum MouseTarget: Hashable, Sendable {
    /// Focuses the area (a box of the main screen, a row of the pane's options).
    case area(FocusArea)
    /// Focuses the language picker and chooses the language on that row.
    case languageRow(Int)
    /// Focuses the pane's list and chooses that row (a server, or "Add Custom Server...").
    case paneRow(Int)
    /// Focuses the area and presses it ("open settings").
    case button(FocusArea)
    /// A footer hint: the same as pressing its key.
    case key(Key)
}
