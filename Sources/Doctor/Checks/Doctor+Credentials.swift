import SettingsStore

extension Doctor {
    /// The credentials folder and files are private. One line when they are; otherwise one per
    /// folder or file: made private just now (a warning: it was exposed until now), or refused
    /// (an error: the tokens in it are not used), each naming the path.
    public static func credentials(_ facts: CredentialFacts) -> [DoctorCheck] {
        guard !facts.findings.isEmpty else {
            return [DoctorCheck(.credentials, .ok, "doctor.credentials.ok", ["path": facts.folder])]
        }
        return facts.findings.map { finding in
            let problem = finding.problem
            let message = AppError(key: problem.key, parameters: problem.parameters)
            if finding.refusesUse {
                return DoctorCheck(id: .credentials, status: .error, message: message,
                                   fix: AppError(key: "doctor.fix.credentials", parameters: ["path": problem.parameters["path"] ?? finding.path]))
            }
            return DoctorCheck(id: .credentials, status: .warning, message: message)
        }
    }
}
