import FoundationEssentials

/// TERM, whether this machine has a terminfo entry for it, and the locale's character set.
public struct TerminalFacts: Equatable, Sendable {
    public var term: String?
    /// Where the terminfo entry was found; nil when none was.
    public var terminfoPath: String?
    /// The effective `LC_ALL`, `LC_CTYPE` or `LANG` value (nil when none is set).
    public var locale: String?
    /// How wide the terminal drew an ambiguous character when asked (the command runs the
    /// app's probe when stdin and stdout are a terminal).
    public var ambiguousWidth: AmbiguousWidthFact
    /// Whether the terminal answered DECRQM 2026 with "set" or "reset" (it draws synchronized
    /// output, and the app marks every frame); nil when not asked (not run on a terminal).
    public var synchronizedOutput: Bool?
    /// `VERBUMCARE_AMBIGUOUS_WIDE` as set (nil when unset).
    public var ambiguousVariable: String?

    /// What the probe found.
    public enum AmbiguousWidthFact: Equatable, Sendable {
        case measured(wide: Bool)
        case notATerminal
        case noAnswer
    }

    public init(term: String?, terminfoPath: String?, locale: String?,
                ambiguousWidth: AmbiguousWidthFact = .notATerminal, ambiguousVariable: String? = nil) {
        self.term = term
        self.terminfoPath = terminfoPath
        self.locale = locale
        self.ambiguousWidth = ambiguousWidth
        self.ambiguousVariable = ambiguousVariable
    }

    public static let ambiguousVariableName = "VERBUMCARE_AMBIGUOUS_WIDE"

    public static func read(environment: [String: String], ambiguousWidth: AmbiguousWidthFact = .notATerminal) -> TerminalFacts {
        let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return TerminalFacts(term: term, terminfoPath: term.flatMap { find($0, environment: environment) }, locale: locale,
                             ambiguousWidth: ambiguousWidth, ambiguousVariable: environment[ambiguousVariableName])
    }

    /// ncurses' search order: $TERMINFO, ~/.terminfo, $TERMINFO_DIRS, then the system folders;
    /// entries sit under their first letter (or its hex code, on some systems).
    static func find(_ term: String, environment: [String: String]) -> String? {
        guard let first = term.unicodeScalars.first, !term.contains("/") else { return nil }
        var directories: [String] = []
        if let own = environment["TERMINFO"] { directories.append(own) }
        if let home = environment["HOME"] { directories.append(home + "/.terminfo") }
        directories += (environment["TERMINFO_DIRS"] ?? "").split(separator: ":").map(String.init)
        directories += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        let subfolders = [String(first), String(first.value, radix: 16)]
        for directory in directories {
            for subfolder in subfolders {
                let path = "\(directory)/\(subfolder)/\(term)"
                if FileManager.default.fileExists(atPath: path) { return path }
            }
        }
        return nil
    }
}
