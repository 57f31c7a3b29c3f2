import TerminalRendering

/// What the terminal sent: a key, or a mouse report (only while mouse reporting is on).
public enum TerminalInput: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
}
