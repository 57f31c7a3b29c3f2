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
        if term == "linux" || term.hasPrefix("linux-") {
            // SPEC §10.4: the console's font has no kanji or kana; fbterm draws them.
            return DoctorCheck(.terminal, .warning, "doctor.terminal.linux_console", [:],
                               fix: "doctor.fix.install", ["command": "sudo apt install fbterm"])
        }
        return ambiguousWidth(facts, term: term, locale: locale)
    }

    /// What the probe measured, the environment variable's value, and whether they disagree.
    static func ambiguousWidth(_ facts: TerminalFacts, term: String, locale: String) -> DoctorCheck {
        let variable = TerminalFacts.ambiguousVariableName
        let setting: Bool? = switch facts.ambiguousVariable {
        case "1": true
        case "0": false
        default: nil
        }
        let cells = { (wide: Bool) in wide ? "2" : "1" }
        var parameters = ["term": term, "locale": locale, "variable": variable, "value": facts.ambiguousVariable ?? ""]
        switch facts.ambiguousWidth {
        case .measured(let wide):
            parameters["count"] = cells(wide)
            guard let setting else {
                return DoctorCheck(.terminal, .ok, "doctor.terminal.ambiguous_measured", parameters)
            }
            guard setting == wide else {
                return DoctorCheck(.terminal, .warning, "doctor.terminal.ambiguous_disagrees", parameters,
                                   fix: "doctor.fix.run", ["command": "unset \(variable)"])
            }
            return DoctorCheck(.terminal, .ok, "doctor.terminal.ambiguous_measured_env", parameters)
        case .notATerminal:
            parameters["count"] = cells(setting ?? false)
            return DoctorCheck(.terminal, .ok, "doctor.terminal.ambiguous_not_a_terminal", parameters)
        case .noAnswer:
            parameters["count"] = cells(setting ?? false)
            return DoctorCheck(.terminal, .ok, "doctor.terminal.ambiguous_no_answer", parameters)
        }
    }

    /// Whether frames are written as synchronized updates (SPEC §10.4), when it was asked.
    public static func synchronizedOutput(_ facts: TerminalFacts) -> [DoctorCheck] {
        guard let on = facts.synchronizedOutput else { return [] }
        return [DoctorCheck(.syncOutput, .ok, on ? "doctor.terminal.sync_on" : "doctor.terminal.sync_off", [:])]
    }

    static func isUTF8(_ locale: String) -> Bool {
        let lowered = locale.lowercased()
        return lowered.hasSuffix(".utf-8") || lowered.hasSuffix(".utf8") || lowered.contains(".utf-8@")
            || lowered.contains(".utf8@")
    }
}
