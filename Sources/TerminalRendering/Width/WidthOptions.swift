/// How to measure characters whose width depends on the terminal (East Asian Width "A").
///
/// The app decides it once at start (`TerminalMeasurement` in TerminalBackend: the terminal's own
/// answer, or `VERBUMCARE_AMBIGUOUS_WIDE=0|1`) and passes the result down; nothing in this
/// module reads the environment or the process locale itself.
public struct WidthOptions: Hashable, Sendable {
    /// Ambiguous characters (box drawing, `…`, `●`, `·`, arrows) take two cells, as in terminals
    /// configured for CJK.
    public var ambiguousIsWide: Bool

    public init(ambiguousIsWide: Bool = false) {
        self.ambiguousIsWide = ambiguousIsWide
    }

    public static let standard = WidthOptions()
    public static let ambiguousWide = WidthOptions(ambiguousIsWide: true)
}
