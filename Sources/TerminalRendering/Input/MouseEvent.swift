/// A mouse report from the terminal (SPEC §10.3), in cells from the top left: a press of the
/// left button, or a turn of the wheel. ncurses decodes the terminal's report (xterm's SGR 1006
/// or the older X10 form, as terminfo's `kmous` says); this is the app's vocabulary.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
