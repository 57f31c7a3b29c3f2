import TerminalRendering

/// How each semantic colour is drawn in each colour mode.
///
/// The background is never set: every cell keeps the terminal's own background, so the only
/// way text could vanish is a foreground equal to that background. The foregrounds used are
/// therefore never black or white (one of them is the background of most themes), and in 8
/// and 16 colours never "bright black", which is the background of some dark themes and does
/// not exist at all with 8 colours (ncurses used to turn it into black on black). Secondary
/// text there is the default colour, dimmed where the terminal can dim.
public enum Palette {
    public struct Ink: Equatable, Sendable {
        /// A terminal colour number, or nil for the terminal's default foreground.
        public var foreground: Int?
        /// Added to the cell's own attributes.
        public var attributes: TextAttributes
    }

    public static func ink(for role: SemanticColor, mode: ColorMode) -> Ink {
        switch mode {
        case .none:
            return Ink(foreground: nil, attributes: [])
        case .basic8, .basic16:
            switch role {
            case .default: return Ink(foreground: nil, attributes: [])
            case .accent: return Ink(foreground: 6, attributes: [])   // cyan
            case .ok: return Ink(foreground: 2, attributes: [])       // green
            case .warning: return Ink(foreground: 3, attributes: [])  // yellow
            case .error: return Ink(foreground: 1, attributes: [])    // red
            case .muted: return Ink(foreground: nil, attributes: .dim)
            }
        case .extended256:
            switch role {
            case .default: return Ink(foreground: nil, attributes: [])
            case .accent: return Ink(foreground: 38, attributes: [])
            case .ok: return Ink(foreground: 35, attributes: [])
            case .warning: return Ink(foreground: 214, attributes: [])
            case .error: return Ink(foreground: 203, attributes: [])
            case .muted: return Ink(foreground: 245, attributes: [])
            }
        }
    }
}
