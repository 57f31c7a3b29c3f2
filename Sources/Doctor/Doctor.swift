import SettingsStore

/// `doctor`: what this machine needs for the app, as pure checks over `MachineFacts`.
public enum Doctor {
    public static func run(_ facts: MachineFacts) -> [DoctorCheck] {
        [nssMDNS(facts.mdns), avahi(facts.mdns), resolver(facts.curl),
         caBundle(facts.caBundle, path: facts.caBundlePath, verdict: facts.caBundleVerdict),
         terminal(facts.terminal)] + synchronizedOutput(facts.terminal) + config(facts.config) + credentials(facts.credentials) + [clock(facts.clock)]
            + (facts.history.map(history) ?? []) + (facts.alerts.map(alerts) ?? [])
            + (facts.remoteWrite.map(remoteWrite) ?? [])
    }

    /// The worst status: `doctor` exits 1 when it is `error`.
    public static func worst(_ checks: [DoctorCheck]) -> DoctorCheck.Status {
        checks.map(\.status).max() ?? .ok
    }
}
