import SettingsStore

extension Doctor {
    /// No certificate in use was issued before this release, so a clock earlier than that
    /// (or than the program's installation) makes every certificate "not yet valid".
    public static let releaseFloor = 1_767_225_600.0 // 2026-01-01T00:00:00Z
    static let day = 86_400.0

    public static func clock(_ facts: ClockFacts) -> DoctorCheck {
        let now = CertificateInfo.iso(facts.now)
        let fix = ["command": "sudo apt install systemd-timesyncd && sudo timedatectl set-ntp true"]
        if facts.now < releaseFloor {
            return DoctorCheck(.clock, .error, "doctor.clock.behind", ["now": now, "floor": CertificateInfo.iso(releaseFloor)],
                               fix: "doctor.fix.run", fix)
        }
        if let installed = facts.executableModified, facts.now < installed - day {
            return DoctorCheck(.clock, .error, "doctor.clock.behind", ["now": now, "floor": CertificateInfo.iso(installed)],
                               fix: "doctor.fix.run", fix)
        }
        if facts.now > releaseFloor + 30 * 365 * day {
            return DoctorCheck(.clock, .warning, "doctor.clock.ahead", ["now": now], fix: "doctor.fix.run", fix)
        }
        return DoctorCheck(.clock, .ok, "doctor.clock.ok", ["now": now])
    }
}
