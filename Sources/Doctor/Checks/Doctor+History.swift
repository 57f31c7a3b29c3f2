import History
import SettingsStore

extension Doctor {
    /// `history` (SPEC §15.3): one line for the database (readable, not yet created, or what
    /// is wrong with it) and one for who records (the recorder lock and its holder).
    public static func history(_ facts: HistoryFacts) -> [DoctorCheck] {
        [historyDatabase(facts), historyRecorder(facts)]
    }

    static func historyDatabase(_ facts: HistoryFacts) -> DoctorCheck {
        let path = ["path": facts.databasePath]
        switch facts.database {
        case .absent:
            return DoctorCheck(.history, .ok, "doctor.history.absent", path)
        case .readable:
            return DoctorCheck(.history, .ok, "doctor.history.ok", path)
        case .refused(let file):
            return DoctorCheck(.history, .error, "doctor.history.refused", ["path": file],
                               fix: "doctor.fix.move_away", ["path": file])
        case .damaged(let reason):
            return DoctorCheck(.history, .error, "doctor.history.damaged", ["path": facts.databasePath, "reason": reason],
                               fix: "doctor.fix.history_damaged", ["command": "verbumcare-tui history"])
        case .busy:
            return DoctorCheck(.history, .warning, "doctor.history.busy", path,
                               fix: "doctor.fix.run", ["command": "fuser -v \(facts.databasePath)"])
        case .unusable(let reason):
            return DoctorCheck(.history, .error, "doctor.history.unusable", ["path": facts.databasePath, "reason": reason])
        }
    }

    static func historyRecorder(_ facts: HistoryFacts) -> DoctorCheck {
        let path = ["path": facts.lockPath]
        let start = ["command": "systemctl --user enable --now verbumcare-tui-monitor"]
        switch facts.lock {
        case .symbolicLink:
            return DoctorCheck(.history, .error, "doctor.history.lock_link", path, fix: "doctor.fix.move_away", path)
        case .special:
            return DoctorCheck(.history, .error, "doctor.history.lock_special", path, fix: "doctor.fix.move_away", path)
        case .otherUser:
            return DoctorCheck(.history, .error, "doctor.history.lock_foreign", path, fix: "doctor.fix.move_away_root", path)
        case .otherNames:
            return DoctorCheck(.history, .error, "doctor.history.lock_names", path, fix: "doctor.fix.move_away", path)
        case .held(let holder?, true):
            return DoctorCheck(.history, .ok, "doctor.history.recorder." + holder.role.rawValue, ["pid": String(holder.pid)])
        case .held(let holder?, false):
            return DoctorCheck(.history, .warning, "doctor.history.recorder_gone",
                               ["path": facts.lockPath, "pid": String(holder.pid)], fix: "doctor.fix.run", start)
        case .absent, .held(nil, _):
            guard facts.enabled else { return DoctorCheck(.history, .ok, "doctor.history.off") }
            return DoctorCheck(.history, .warning, "doctor.history.no_recorder", fix: "doctor.fix.run", start)
        }
    }
}
