import TerminalRendering
import Testing

/// SPEC §10.4 and PLATFORM-NOTES: the closest terminfo entry for a TERM this machine lacks, and
/// the Debian package that has it.
@Suite("Terminfo fallback")
struct TerminfoFallbackTests {
    @Test("closest entries, best first", arguments: [
        ("xterm-kitty", "xterm-256color"), ("alacritty", "ansi"), ("screen.xterm-256color", "screen-256color"),
        ("screen-256color-bce", "screen-256color"), ("screen.linux", "screen-256color"), ("tmux-direct", "tmux-256color"),
        ("foot", "ansi"),
    ])
    func closest(term: String, first: String) {
        let candidates = TerminfoFallback.candidates(for: term)
        #expect(candidates.first == first)
        #expect(candidates.last == "vt100")
        #expect(!candidates.contains("screen.256color"), "there is no screen.256color anywhere")
    }

    @Test("screen* falls back to screen when screen-256color is missing too")
    func screenFamily() {
        #expect(TerminfoFallback.candidates(for: "screen.rxvt").prefix(2) == ["screen-256color", "screen"])
    }

    @Test("xterm-kitty is in kitty-terminfo; the others in ncurses-term", arguments: [
        ("xterm-kitty", "kitty-terminfo"), ("kitty", "ncurses-term"), ("alacritty", "ncurses-term"),
        ("screen.xterm-256color", "ncurses-term"),
    ])
    func package(term: String, package: String) {
        #expect(TerminfoFallback.debianPackage(for: term) == package)
    }
}
