/// How much colour the terminal gets (SPEC §10.4): colours degrade to 256, 16 or none.
public enum ColorMode: Equatable, Sendable {
    case none
    case basic16
    case extended256

    /// `NO_COLOR` (non-empty), `--no-color` and `TERM=dumb` give monochrome; otherwise the
    /// terminal's own colour count decides (passed in after ncurses has read terminfo).
    public static func decide(noColorFlag: Bool, environment: [String: String], terminalColors: Int) -> ColorMode {
        if noColorFlag { return .none }
        if let v = environment["NO_COLOR"], !v.isEmpty { return .none }
        if environment["TERM"] == "dumb" { return .none }
        if terminalColors >= 256 { return .extended256 }
        if terminalColors >= 8 { return .basic16 }
        return .none
    }
}
