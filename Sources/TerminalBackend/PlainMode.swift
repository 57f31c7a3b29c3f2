import Glibc
import TerminalRendering

/// When the app draws in `--plain` without being asked on the command line (docs/PRODUCT.md: Terminal behaviour): a
/// non-empty `ACCESSIBLE` (the convention screen-reader setups export), and a terminal that
/// cannot address the cursor, where only plain text can be printed line by line.
public enum PlainMode {
    @MainActor
    public static func isRequested(by environment: [String: String]) -> Bool {
        cause(option: false, environment: environment) != nil
    }

    /// What turns the mode on, if anything: the option first (what the person typed), then
    /// `ACCESSIBLE`, then a terminal that can only print lines.
    @MainActor
    public static func cause(option: Bool, environment: [String: String]) -> PlainCause? {
        if option { return .option }
        if let value = environment["ACCESSIBLE"], !value.isEmpty { return .accessible }
        return isatty(STDOUT_FILENO) == 1 && TerminalTypeChoice.resolve(environment: environment).isLineMode ? .lineMode : nil
    }
}
