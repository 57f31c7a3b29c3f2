/// The one place the version lives; `--version`, the man page and completions read it.
enum VerbumTUIVersion {
    static let version = "0.1.0"
    static let versionLine = "verbumcare-tui " + version
}
