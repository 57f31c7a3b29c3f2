import CNcursesw
import TerminalRendering

/// Foreground/background per semantic role and colour mode. -1 is the terminal's default
/// (after use_default_colors), so the app respects the user's own theme.
enum Palette {
    static func colors(for role: SemanticColor, mode: ColorMode) -> (Int16, Int16) {
        switch mode {
        case .none:
            return (-1, -1)
        case .basic16:
            switch role {
            case .default: return (-1, -1)
            case .accent: return (Int16(COLOR_CYAN), -1)
            case .ok: return (Int16(COLOR_GREEN), -1)
            case .warning: return (Int16(COLOR_YELLOW), -1)
            case .error: return (Int16(COLOR_RED), -1)
            case .muted: return (8, -1) // bright black; terminals without it fall back to default
            }
        case .extended256:
            switch role {
            case .default: return (-1, -1)
            case .accent: return (38, -1)
            case .ok: return (35, -1)
            case .warning: return (214, -1)
            case .error: return (203, -1)
            case .muted: return (245, -1)
            }
        }
    }
}
