/// How to measure characters whose width depends on the terminal (East Asian Width "A").
///
/// The app reads the environment once at startup (`fromEnvironment`) and passes the result
/// down; nothing in this module reads the environment or the process locale itself.
public struct WidthOptions: Hashable, Sendable {
    /// `VERBUMCARE_AMBIGUOUS_WIDE=1`: ambiguous characters (box drawing, `…`, `●`, `·`, arrows)
    /// take two cells, as in terminals configured for CJK.
    public var ambiguousIsWide: Bool

    public init(ambiguousIsWide: Bool = false) {
        self.ambiguousIsWide = ambiguousIsWide
    }

    public static let standard = WidthOptions()
    public static let ambiguousWide = WidthOptions(ambiguousIsWide: true)

    public static let environmentVariable = "VERBUMCARE_AMBIGUOUS_WIDE"

    /// Only the exact value `1` turns ambiguous-wide on.
    public static func fromEnvironment(_ environment: [String: String]) -> WidthOptions {
        WidthOptions(ambiguousIsWide: environment[environmentVariable] == "1")
    }
}
