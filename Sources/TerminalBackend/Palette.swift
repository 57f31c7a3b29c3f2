import TerminalRendering

/// How each semantic colour is drawn in each colour mode.
///
/// The background is never set: every cell keeps the terminal's own background, so the only
/// way text could vanish is a foreground equal to that background. The foregrounds used are
/// therefore never black or white (one of them is the background of most themes), and in 8
/// and 16 colours never "bright black", which is the background of some dark themes and does
/// not exist at all with 8 colours (ncurses used to turn it into black on black). Secondary
/// text there is the default colour, dimmed where the terminal can dim.
///
/// On a light background (`TerminalBackground`, SPEC §10.4) yellow, green and cyan text is hard
/// to read: there 8 and 16 colours use blue for the accent, magenta for warnings and the
/// default (dark) foreground in bold for good news, and 256 colours use darker shades.
public enum Palette {
    public struct Ink: Equatable, Sendable {
        /// A terminal colour number, or nil for the terminal's default foreground.
        public var foreground: Int?
        /// Added to the cell's own attributes.
        public var attributes: TextAttributes
    }

    public static func ink(for role: SemanticColor, mode: ColorMode, background: TerminalBackground = .dark) -> Ink {
        if background == .light, let ink = lightInk(for: role, mode: mode) { return ink }
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

    /// The inks that differ on a light background.
    private static func lightInk(for role: SemanticColor, mode: ColorMode) -> Ink? {
        switch mode {
        case .none:
            return nil
        case .basic8, .basic16:
            switch role {
            case .accent: return Ink(foreground: 4, attributes: [])        // blue
            case .ok: return Ink(foreground: nil, attributes: .bold)       // the dark default, bold
            case .warning: return Ink(foreground: 5, attributes: [])       // magenta
            case .default, .error, .muted: return nil
            }
        case .extended256:
            switch role {
            case .accent: return Ink(foreground: 25, attributes: [])       // #005faf
            case .ok: return Ink(foreground: 28, attributes: [])           // #008700
            case .warning: return Ink(foreground: 130, attributes: [])     // #af5f00
            case .error: return Ink(foreground: 160, attributes: [])       // #d70000
            case .muted: return Ink(foreground: 242, attributes: [])
            case .default: return nil
            }
        }
    }
}
