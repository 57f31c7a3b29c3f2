import AppCore
import TerminalRendering

/// How to draw. Colour depth is the backend's business; focus is always shown with reverse or
/// bold as well, so it survives monochrome.
public struct RenderOptions: Hashable, Sendable {
    /// `--plain` (screen-reader mode): no box drawing, no animation, status as words, the
    /// terminal cursor on the focused item.
    public var plain: Bool
    /// What turned `plain` on; its first line says so (nil while `plain` is off, or set without
    /// a cause: then `--plain`).
    public var plainCause: PlainCause?
    /// The line mode (`TERM=dumb`): frames are printed as lines, and what the mode is was said
    /// once before the first one.
    public var printsLines: Bool
    /// Display-width rules (ambiguous-wide or not), shared with the backend.
    public var metrics: DisplayWidth

    /// `TERM` had no terminfo entry here and a close one is used instead; the main screen says so.
    public var terminalNote: TerminalNote?
    /// The terminal is the Linux console, whose font has no kanji or kana (SPEC §10.4): Japanese
    /// and Traditional Chinese are drawn in English, with a note saying why.
    public var consoleLacksCJK: Bool

    public init(plain: Bool = false, plainCause: PlainCause? = nil, printsLines: Bool = false,
                metrics: DisplayWidth = .standard, terminalNote: TerminalNote? = nil, consoleLacksCJK: Bool = false) {
        self.plain = plain
        self.plainCause = plain ? plainCause : nil
        self.printsLines = printsLines
        self.metrics = metrics
        self.terminalNote = terminalNote
        self.consoleLacksCJK = consoleLacksCJK
    }

    /// `TERM=linux` without `VERBUMCARE_CONSOLE_CJK=1` (set it where the console can draw
    /// them: a kernel font with CJK glyphs; fbterm and kmscon set a TERM of their own anyway).
    public static func consoleLacksCJK(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return (term == "linux" || term.hasPrefix("linux-")) && environment[consoleCJKVariable] != "1"
    }

    public static let consoleCJKVariable = "VERBUMCARE_CONSOLE_CJK"
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
