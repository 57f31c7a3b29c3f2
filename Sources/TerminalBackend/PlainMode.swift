import Glibc

/// When the app draws in `--plain` without being asked on the command line (docs/PRODUCT.md: Terminal behaviour): a
/// non-empty `ACCESSIBLE` (the convention screen-reader setups export), and a terminal that
/// cannot address the cursor, where only plain text can be printed line by line.
public enum PlainMode {
    @MainActor
    public static func isRequested(by environment: [String: String]) -> Bool {
        if let value = environment["ACCESSIBLE"], !value.isEmpty { return true }
        return isatty(STDOUT_FILENO) == 1 && TerminalTypeChoice.resolve(environment: environment).isLineMode
    }
}
