/// What the app knows about the terminal it draws on, from the environment's overrides, the
/// last measurement kept for this TERM (`TerminalMeasurementCache`) and the probe's answers
/// (`TerminalProbe`), which arrive after the first frame.
public struct TerminalMeasurement: Equatable, Sendable {
    public var ambiguous: AmbiguousWidth
    public var background: TerminalBackground

    public init(ambiguous: AmbiguousWidth, background: TerminalBackground) {
        self.ambiguous = ambiguous
        self.background = background
    }

    /// What to ask: nothing the environment already says. The Linux console is not asked for
    /// its background nor for synchronized output: it prints an OSC or a DECRQM it does not
    /// know as text, its background is black and it has no mode 2026.
    public static func questions(environment: [String: String], term: String) -> TerminalProbe.Questions {
        TerminalProbe.Questions(width: AmbiguousWidth.override(environment) == nil,
                                background: TerminalBackground.override(environment) == nil && !isLinuxConsole(term),
                                synchronizedOutput: !isLinuxConsole(term))
    }

    /// The layout the first frame is drawn with, before any answer: the overrides, then what
    /// this TERM measured last time, else narrow (and `COLORFGBG`, else dark).
    public static func expected(environment: [String: String], remembered: TerminalMeasurementCache.Entry? = nil) -> TerminalMeasurement {
        let ambiguous: AmbiguousWidth
        if let wide = AmbiguousWidth.override(environment) {
            ambiguous = AmbiguousWidth(isWide: wide, source: .environment)
        } else if let wide = remembered?.ambiguousWide {
            ambiguous = AmbiguousWidth(isWide: wide, source: .remembered)
        } else {
            ambiguous = AmbiguousWidth(isWide: false, source: .notMeasured)
        }
        let background = TerminalBackground.override(environment) ?? remembered?.background
            ?? TerminalBackground.fromColorFGBG(environment["COLORFGBG"]) ?? .dark
        return TerminalMeasurement(ambiguous: ambiguous, background: background)
    }

    /// This measurement with the terminal's answers applied; the overrides still win.
    public func applying(_ answers: TerminalProbe.Answers, environment: [String: String]) -> TerminalMeasurement {
        var result = self
        if AmbiguousWidth.override(environment) == nil, let wide = answers.ambiguousWide {
            result.ambiguous = AmbiguousWidth(isWide: wide, source: .measured)
        }
        if TerminalBackground.override(environment) == nil, let background = answers.background {
            result.background = background
        }
        return result
    }

    public static func decide(environment: [String: String], answers: TerminalProbe.Answers?) -> TerminalMeasurement {
        let expected = expected(environment: environment)
        return answers.map { expected.applying($0, environment: environment) } ?? expected
    }

    /// `TERM=linux` (and its variants such as `linux-16color`): the kernel's virtual terminal.
    public static func isLinuxConsole(_ term: String) -> Bool {
        term == "linux" || term.hasPrefix("linux-")
    }
}
