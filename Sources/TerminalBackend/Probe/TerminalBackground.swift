/// Whether the terminal's background is light or dark (SPEC §10.4: a light background gets a
/// palette readable on white). Decided, in this order, by `VERBUMCARE_BACKGROUND=light|dark`,
/// the terminal's answer to OSC 11, then `COLORFGBG` (rxvt, konsole and mlterm set it); a
/// terminal that says nothing is taken as dark, the usual terminal theme.
public enum TerminalBackground: String, Equatable, Sendable {
    case dark
    case light

    public static let environmentVariable = "VERBUMCARE_BACKGROUND"

    /// The override, when set to one of the two words.
    public static func override(_ environment: [String: String]) -> TerminalBackground? {
        environment[environmentVariable].flatMap { TerminalBackground(rawValue: $0.lowercased()) }
    }

    /// A colour is light when its relative luminance (ITU-R BT.709 weights on the 0…1 values)
    /// is above one half: white, light grey, Solarized Light's cream are; black, navy and
    /// Solarized Dark's teal are not.
    public static func fromColour(red: Double, green: Double, blue: Double) -> TerminalBackground {
        0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5 ? .light : .dark
    }

    /// `COLORFGBG` is "foreground;background" (sometimes "fg;default;bg"), colour numbers of the
    /// 16-colour palette: background 7 (light grey) and 9…15 but 8 (bright grey-black) are light.
    public static func fromColorFGBG(_ value: String?) -> TerminalBackground? {
        guard let value, let last = value.split(separator: ";").last, let number = Int(last), (0...15).contains(number) else {
            return nil
        }
        return number == 7 || number >= 9 ? .light : .dark
    }
}
