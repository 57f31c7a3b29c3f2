import BackendClient

extension Doctor {
    /// The CA bundle in effect exists and holds certificates.
    public static func caBundle(_ bundle: CABundle, path: String?, verdict: CABundleCheck.Verdict?) -> DoctorCheck {
        let parameters = ["path": path ?? "-", "source": bundle.source.rawValue]
        let fix: (key: String, parameters: [String: String]) = bundle.source == .system
            ? ("doctor.fix.install", ["command": "sudo apt install ca-certificates"])
            : ("doctor.fix.ca_bundle", ["command": "verbumcare-tui settings set ca_bundle FILE"])
        switch verdict {
        case .usable(let count)?:
            var withCount = parameters
            withCount["count"] = String(count)
            return DoctorCheck(.caBundle, .ok, "doctor.ca_bundle.ok", withCount)
        case .missing?, nil:
            return DoctorCheck(.caBundle, .error, "doctor.ca_bundle.missing", parameters, fix: fix.key, fix.parameters)
        case .unreadable?:
            return DoctorCheck(.caBundle, .error, "doctor.ca_bundle.unreadable", parameters, fix: fix.key, fix.parameters)
        case .noCertificate?:
            return DoctorCheck(.caBundle, .error, "doctor.ca_bundle.empty", parameters, fix: fix.key, fix.parameters)
        }
    }
}
