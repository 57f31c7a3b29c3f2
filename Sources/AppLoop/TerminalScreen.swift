import TerminalRendering

/// What the loop draws on: the executable's ncurses screen, or a test's in-memory screen. The
/// loop hands it the changed cells of each frame and where the terminal's cursor goes; the
/// screen only writes them out.
@MainActor
public protocol TerminalScreen: AnyObject {
    /// The terminal's size now.
    var size: (columns: Int, rows: Int) { get }
    func present(_ changes: [BufferChange])
    func moveCursor(row: Int, column: Int)
    func setCursorVisible(_ visible: Bool)
    /// Ends a frame: everything presented becomes visible at once.
    func flush()
}
