/// One step of bringing the terminal from the previous frame to the next, in the order to write.
public enum BufferChange: Hashable, Sendable {
    /// The size changed: clear the screen to blank cells of this size; runs follow.
    case resize(width: Int, height: Int)
    /// Write `cells` left to right from (x, y). A run never starts on a continuation cell and
    /// never ends between a wide lead and its continuation; continuation cells print nothing,
    /// the terminal cursor has already moved past them.
    case run(x: Int, y: Int, cells: [Cell])
}
