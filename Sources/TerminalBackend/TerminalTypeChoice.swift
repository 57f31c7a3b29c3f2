import CNcursesw
import TerminalRendering

/// Which terminal description the app runs with, decided from `TERM` and this machine's
/// terminfo entries (docs/PRODUCT.md: Terminal behaviour).
///
/// - A terminal that can address the cursor gets the full screen.
/// - `dumb`, hard-copy terminals and entries without cursor addressing get line mode.
/// - A `TERM` this machine has no entry for (kitty's `xterm-kitty` or `alacritty` over ssh,
///   where the client's entry was never installed) falls back to a close entry
///   (`TerminfoFallback`). The app says so once and never fails to start for it.
public enum TerminalTypeChoice: Equatable, Sendable {
    case screen(type: String, replacing: String?)
    case lines(term: String)

    public enum Probe: Equatable, Sendable {
        case missing
        case cannotAddressCursor
        case screen
    }

    public static func resolve(term: String?, probe: (String) -> Probe) -> TerminalTypeChoice {
        let name = term ?? ""
        if !name.isEmpty {
            switch probe(name) {
            case .screen: return .screen(type: name, replacing: nil)
            case .cannotAddressCursor: return .lines(term: name)
            case .missing: break
            }
        }
        for candidate in TerminfoFallback.candidates(for: name) where probe(candidate) == .screen {
            return .screen(type: candidate, replacing: name.isEmpty ? nil : name)
        }
        return .lines(term: name)
    }

    /// The choice for this machine's terminfo.
    @MainActor
    public static func resolve(environment: [String: String]) -> TerminalTypeChoice {
        resolve(term: environment["TERM"], probe: probeTerminfo)
    }

    @MainActor
    static func probeTerminfo(_ name: String) -> Probe {
        switch vc_terminfo_probe(name) {
        case 1: .screen
        case 0: .cannotAddressCursor
        default: .missing
        }
    }

    public var isLineMode: Bool {
        if case .lines = self { return true }
        return false
    }

    /// The `TERM` that had no entry and the one used instead, to tell the person.
    public var fallback: (requested: String, used: String)? {
        if case .screen(let used, let requested?) = self { return (requested, used) }
        return nil
    }
}
