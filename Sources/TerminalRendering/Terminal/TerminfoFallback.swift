/// What to draw with when this machine has no terminfo entry for `TERM` (SPEC §10.4), and
/// which Debian package has the entry. Shared by the terminal backend (which tries the
/// candidates) and `doctor` (which names them), so the two never disagree.
public enum TerminfoFallback {
    /// The closest entries to try, best first: `xterm-*` → xterm-256color; `screen*` →
    /// screen-256color, screen (there is no `screen.256color`); `tmux*` → tmux-256color;
    /// anything else → ansi. A name that starts like one of them also gets its family's
    /// plain entry, then ansi and vt100 as the last resort.
    public static func candidates(for term: String) -> [String] {
        let family: [String]
        if term.hasPrefix("xterm") {
            family = ["xterm-256color", "xterm"]
        } else if term.hasPrefix("screen") {
            family = ["screen-256color", "screen"]
        } else if term.hasPrefix("tmux") {
            family = ["tmux-256color", "screen-256color", "screen"]
        } else {
            family = []
        }
        return family + ["ansi", "vt100"]
    }

    /// The Debian package that holds the entry for `term`: kitty's `xterm-kitty` is in
    /// kitty-terminfo (ncurses-term has only `kitty`); most others are in ncurses-term.
    public static func debianPackage(for term: String) -> String {
        term == "xterm-kitty" ? "kitty-terminfo" : "ncurses-term"
    }
}
