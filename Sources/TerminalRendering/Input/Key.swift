/// A decoded key press. ncurses' keypad mode does the terminfo decoding; this is the app's
/// vocabulary, independent of ncurses' integer codes.
public enum Key: Equatable, Hashable, Sendable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case tab, backTab
    case enter
    case escape
    case backspace
    case delete
    case function(Int)
    /// Ctrl plus a letter, lower-case (`ctrl("c")` is Ctrl-C).
    case ctrl(Character)
    /// A printable character, space included.
    case character(Character)
    /// The terminal was resized (ncurses' KEY_RESIZE).
    case resize
}
