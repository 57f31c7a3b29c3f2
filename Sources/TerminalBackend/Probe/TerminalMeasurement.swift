/// What the app knows about the terminal it draws on, from the environment's overrides and the
/// probe's answers (`TerminalProbe`), decided once at start.
public struct TerminalMeasurement: Equatable, Sendable {
    public var ambiguous: AmbiguousWidth
    public var background: TerminalBackground

    public init(ambiguous: AmbiguousWidth, background: TerminalBackground) {
        self.ambiguous = ambiguous
        self.background = background
    }

    /// What to ask: nothing the environment already says. The Linux console is not asked for
    /// its background: it prints an OSC it does not know as text, and its background is black.
    public static func questions(environment: [String: String], term: String) -> TerminalProbe.Questions {
        TerminalProbe.Questions(width: AmbiguousWidth.override(environment) == nil,
                                background: TerminalBackground.override(environment) == nil && !isLinuxConsole(term))
    }

    public static func decide(environment: [String: String], answers: TerminalProbe.Answers?) -> TerminalMeasurement {
        let ambiguous: AmbiguousWidth
        if let wide = AmbiguousWidth.override(environment) {
            ambiguous = AmbiguousWidth(isWide: wide, source: .environment)
        } else if let wide = answers?.ambiguousWide {
            ambiguous = AmbiguousWidth(isWide: wide, source: .measured)
        } else {
            ambiguous = AmbiguousWidth(isWide: false, source: .notMeasured)
        }
        let background = TerminalBackground.override(environment) ?? answers?.background
            ?? TerminalBackground.fromColorFGBG(environment["COLORFGBG"]) ?? .dark
        return TerminalMeasurement(ambiguous: ambiguous, background: background)
    }

    /// `TERM=linux` (and its variants such as `linux-16color`): the kernel's virtual terminal.
    public static func isLinuxConsole(_ term: String) -> Bool {
        term == "linux" || term.hasPrefix("linux-")
    }
}
