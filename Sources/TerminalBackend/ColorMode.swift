/// How much colour the terminal gets (docs/PRODUCT.md: Terminal behaviour): colours degrade to 256, 16, 8 or none.
public enum ColorMode: Equatable, Sendable {
    case none
    /// The Linux console, GNU screen, plain `xterm`: colours 0 to 7 only.
    case basic8
    case basic16
    case extended256

    /// `NO_COLOR` (non-empty), `--no-color` and `TERM=dumb` give monochrome; otherwise the
    /// terminal's own colour count decides (its terminfo `colors`).
    public static func decide(noColorFlag: Bool, environment: [String: String], terminalColors: Int) -> ColorMode {
        if noColorFlag { return .none }
        if let v = environment["NO_COLOR"], !v.isEmpty { return .none }
        if environment["TERM"] == "dumb" { return .none }
        if terminalColors >= 256 { return .extended256 }
        if terminalColors >= 16 { return .basic16 }
        if terminalColors >= 8 { return .basic8 }
        return .none
    }
}
