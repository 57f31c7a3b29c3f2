import SettingsStore

extension Doctor {
    /// `.local` names resolve through nss-mdns: a module on the `hosts:` line that loads.
    public static func nssMDNS(_ facts: MDNSFacts) -> DoctorCheck {
        let finding = MDNSFinding(facts)
        let path = ["path": facts.nsswitchPath]
        if finding.problems.contains(.libraryMissing) {
            return DoctorCheck(.nssMDNS, .error, "doctor.nss_mdns.library_missing", path,
                               fix: "doctor.fix.install", ["command": "sudo apt install libnss-mdns"])
        }
        if finding.problems.contains(.hostsLineMissing) {
            return DoctorCheck(.nssMDNS, .error, "doctor.nss_mdns.hosts_line",
                               ["path": facts.nsswitchPath, "line": facts.hostsLine ?? "-"],
                               fix: "doctor.fix.hosts_line", path)
        }
        return DoctorCheck(.nssMDNS, .ok, "doctor.nss_mdns.ok",
                           ["path": facts.nsswitchPath, "module": finding.moduleInUse ?? "-"])
    }

    /// The Avahi daemon answers on its socket (nss-mdns asks it).
    public static func avahi(_ facts: MDNSFacts) -> DoctorCheck {
        let path = ["path": facts.avahiSocketPath]
        switch facts.avahi {
        case .answering:
            return DoctorCheck(.avahi, .ok, "doctor.avahi.ok", path)
        case .notRunning:
            return DoctorCheck(.avahi, .error, "doctor.avahi.not_running", path,
                               fix: "doctor.fix.install_and_start",
                               ["command": "sudo apt install avahi-daemon && sudo systemctl enable --now avahi-daemon"])
        case .silent:
            return DoctorCheck(.avahi, .error, "doctor.avahi.silent", path,
                               fix: "doctor.fix.run", ["command": "sudo systemctl restart avahi-daemon"])
        }
    }
}
