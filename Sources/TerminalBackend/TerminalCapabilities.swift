import CNcursesw
import TerminalRendering

/// The control sequences the frame encoder needs, read from the terminal's terminfo entry (or
/// the ANSI set, for tests and for feeding a VT emulator). A missing attribute is nil and is
/// simply not drawn; a missing colour capability means no colour.
public struct TerminalCapabilities: Sendable {
    public var clearScreen: [UInt8]
    public var resetAttributes: [UInt8]
    public var bold: [UInt8]?
    public var dim: [UInt8]?
    public var reverse: [UInt8]?
    public var underline: [UInt8]?
    public var showCursor: [UInt8]?
    public var hideCursor: [UInt8]?
    /// Colour count (terminfo `colors`), 0 without colour.
    public var colors: Int
    /// Writing the bottom-right cell does not scroll (no automatic margins, or xterm's
    /// "eat newline glitch" that nearly every terminal has).
    public var safeLastCell: Bool
    public var moveCursor: CursorAddress
    public var foreground: (@Sendable (Int) -> [UInt8])?

    /// ECMA-48 / xterm sequences.
    public static func ansi(colors: Int = 256) -> TerminalCapabilities {
        // `ESC [ row ; column H`, counted from 1: xterm's `cup`, of the decimal form.
        let move = CursorAddress(decimalTemplate: bytes("\u{1B}[%i%p1%d;%p2%dH"))
            ?? CursorAddress(expand: { row, column in Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) })
        let color: @Sendable (Int) -> [UInt8] = { number in
            let code: String
            if number < 8 {
                code = "3\(number)"
            } else if number < 16 {
                code = "9\(number - 8)"
            } else {
                code = "38;5;\(number)"
            }
            return Array("\u{1B}[\(code)m".utf8)
        }
        return TerminalCapabilities(
            clearScreen: bytes("\u{1B}[H\u{1B}[2J"), resetAttributes: bytes("\u{1B}[0m"),
            bold: bytes("\u{1B}[1m"), dim: bytes("\u{1B}[2m"), reverse: bytes("\u{1B}[7m"),
            underline: bytes("\u{1B}[4m"), showCursor: bytes("\u{1B}[?25h"), hideCursor: bytes("\u{1B}[?25l"),
            colors: colors, safeLastCell: true, moveCursor: move, foreground: colors > 0 ? color : nil)
    }

    /// From the current terminal's terminfo entry (after `newterm`). nil when it cannot address
    /// the cursor.
    @MainActor
    static func fromTerminfo() -> TerminalCapabilities? {
        guard let cup = TerminfoString.template("cup") else { return nil }
        let setaf = TerminfoString.template("setaf")
        // tparm for every run of every frame was a tenth of a language switch: the usual
        // decimal template is read once into its parts; any other keeps its expansions (a
        // screen has few distinct positions).
        let positions = BoundedMemo<Int, [UInt8]>(capacity: 8192)
        let move = CursorAddress(decimalTemplate: cup.dropLast().map { UInt8(bitPattern: $0) })
            ?? CursorAddress(expand: { row, column in
                positions.value(for: row &* 65_536 &+ column) { TerminfoString.expand(cup, row, column) }
            })
        var color: (@Sendable (Int) -> [UInt8])?
        if let setaf {
            color = { number in TerminfoString.expand(setaf, number) }
        }
        let automaticMargins = vc_tigetflag("am") > 0
        let eatsNewline = vc_tigetflag("xenl") > 0
        return TerminalCapabilities(
            clearScreen: TerminfoString.lookup("clear") ?? [],
            resetAttributes: TerminfoString.lookup("sgr0") ?? [],
            bold: TerminfoString.lookup("bold"), dim: TerminfoString.lookup("dim"),
            reverse: TerminfoString.lookup("rev"), underline: TerminfoString.lookup("smul"),
            showCursor: TerminfoString.lookup("cnorm"), hideCursor: TerminfoString.lookup("civis"),
            colors: setaf == nil ? 0 : max(0, Int(vc_tigetnum("colors"))),
            safeLastCell: !automaticMargins || eatsNewline, moveCursor: move, foreground: color)
    }

    private static func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }
}
