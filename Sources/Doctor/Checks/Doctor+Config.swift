import SettingsStore

extension Doctor {
    /// The settings files are readable and valid. Problems are warnings: the app already
    /// works around them (defaults, a copy kept aside), but a setting is not what was meant.
    /// One entry for the files themselves, then one per kept copy and per unknown key, so each
    /// can be fixed on its own.
    public static func config(_ facts: ConfigFacts) -> [DoctorCheck] {
        [configFiles(facts)] + facts.keptCopies.map(keptCopy) + facts.unknownKeys.map { unknownKey($0, facts) }
    }

    private static func configFiles(_ facts: ConfigFacts) -> DoctorCheck {
        let path = ["path": facts.settingsPath]
        if let first = facts.problems.first {
            var check = DoctorCheck(.config, .warning, "doctor.config.problems", path,
                                    fix: "doctor.fix.run", ["command": "verbumcare-tui settings show"])
            // The first problem's own text is the message; `settings show` lists them all.
            check.message = .init(key: first.key, parameters: first.parameters)
            return check
        }
        if facts.settingsExisted { return DoctorCheck(.config, .ok, "doctor.config.ok", path) }
        // No settings.json, but its unreadable content was moved aside: not "no file yet".
        let settingsName = ConfigFacts.fileName(facts.settingsPath)
        if let moved = facts.keptCopies.last(where: { $0.filePath == facts.settingsPath }) {
            return DoctorCheck(.config, .warning, "doctor.config.moved_aside", ["file": settingsName, "path": moved.path],
                               fix: "doctor.fix.moved_aside", ["path": moved.path, "current": facts.settingsPath])
        }
        return DoctorCheck(.config, .ok, "doctor.config.absent", path)
    }

    private static func keptCopy(_ copy: ConfigFacts.KeptCopy) -> DoctorCheck {
        DoctorCheck(.config, .warning, "doctor.config.kept_copy", ["file": copy.file, "path": copy.path],
                    fix: "doctor.fix.kept_copy", ["path": copy.path, "current": copy.filePath])
    }

    private static func unknownKey(_ unknown: NativeSettingsFile.UnknownKey, _ facts: ConfigFacts) -> DoctorCheck {
        let file = ConfigFacts.fileName(facts.settingsPath)
        guard let suggestion = unknown.suggestion else {
            let known = NativeSettings.Key.allCases.map(\.rawValue).joined(separator: ", ")
            return DoctorCheck(.config, .warning, "doctor.config.unknown_key_unmatched", ["file": file, "key": unknown.key],
                               fix: "doctor.fix.remove_key", ["key": unknown.key, "path": facts.settingsPath, "keys": known])
        }
        return DoctorCheck(.config, .warning, "doctor.config.unknown_key",
                           ["file": file, "key": unknown.key, "suggestion": suggestion],
                           fix: "doctor.fix.rename_key", ["key": unknown.key, "suggestion": suggestion, "path": facts.settingsPath])
    }
}
