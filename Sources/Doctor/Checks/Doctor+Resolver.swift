import BackendClient

extension Doctor {
    /// libcurl resolves through the system (threaded resolver), so nsswitch.conf applies and a
    /// stalled lookup can be abandoned; c-ares bypasses nss-mdns.
    public static func resolver(_ curl: CurlFeatures) -> DoctorCheck {
        if let ares = curl.aresVersion {
            return DoctorCheck(.resolver, .warning, "doctor.resolver.ares", ["version": curl.version, "ares": ares],
                               fix: "doctor.fix.install", ["command": "sudo apt install libcurl4"])
        }
        if !curl.asynchronousDNS {
            return DoctorCheck(.resolver, .warning, "doctor.resolver.blocking", ["version": curl.version],
                               fix: "doctor.fix.install", ["command": "sudo apt install libcurl4"])
        }
        return DoctorCheck(.resolver, .ok, "doctor.resolver.ok", ["version": curl.version])
    }
}
