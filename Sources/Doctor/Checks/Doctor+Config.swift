extension Doctor {
    /// The settings files are readable and valid. Problems are warnings: the app already
    /// works around them (defaults, a copy kept aside), but a setting is not what was meant.
    public static func config(_ facts: ConfigFacts) -> DoctorCheck {
        let path = ["path": facts.settingsPath]
        guard let first = facts.problems.first else {
            return DoctorCheck(.config, .ok, facts.settingsExisted ? "doctor.config.ok" : "doctor.config.absent", path)
        }
        var check = DoctorCheck(.config, .warning, "doctor.config.problems", path,
                                fix: "doctor.fix.run", ["command": "verbumcare-tui settings show"])
        // The first problem's own text is the message; the count tells there are more.
        check.message = .init(key: first.key, parameters: first.parameters)
        return check
    }
}
