import TerminalRendering

extension Doctor {
    /// TERM has a terminfo entry here and the locale is UTF-8. Only warnings: the app falls
    /// back to a close terminfo entry and to C.UTF-8 by itself.
    public static func terminal(_ facts: TerminalFacts) -> DoctorCheck {
        guard let term = facts.term, term != "dumb" else {
            return DoctorCheck(.terminal, .warning, "doctor.terminal.no_term", ["term": facts.term ?? "-"],
                               fix: "doctor.fix.run", ["command": "export TERM=xterm-256color"])
        }
        guard facts.terminfoPath != nil else {
            // The first candidate: what the app most likely draws with on a usual Debian box.
            let fallback = TerminfoFallback.candidates(for: term).first ?? "ansi"
            let package = TerminfoFallback.debianPackage(for: term)
            return DoctorCheck(.terminal, .warning, "doctor.terminal.no_terminfo", ["term": term, "fallback": fallback],
                               fix: "doctor.fix.install", ["command": "sudo apt install \(package)"])
        }
        let locale = facts.locale ?? "C"
        guard isUTF8(locale) else {
            return DoctorCheck(.terminal, .warning, "doctor.terminal.locale", ["locale": locale],
                               fix: "doctor.fix.run", ["command": "export LANG=C.UTF-8"])
        }
        return DoctorCheck(.terminal, .ok, "doctor.terminal.ok", ["term": term, "locale": locale])
    }

    static func isUTF8(_ locale: String) -> Bool {
        let lowered = locale.lowercased()
        return lowered.hasSuffix(".utf-8") || lowered.hasSuffix(".utf8") || lowered.contains(".utf-8@")
            || lowered.contains(".utf8@")
    }
}
