import SettingsStore

/// The privacy of the credentials folder and its files. Reading them is also fixing them:
/// `doctor` makes a shared folder or file private as the app does (and says so).
public struct CredentialFacts: Equatable, Sendable {
    public var folder: String
    /// One per folder or file that was shared (fixed) or is refused.
    public var findings: [PrivacyFinding]

    public init(folder: String, findings: [PrivacyFinding]) {
        self.folder = folder
        self.findings = findings
    }

    public static func read(paths: AppPaths) -> CredentialFacts {
        let folder = paths.credentialsDirectory
        var findings: [PrivacyFinding] = []
        if let finding = PrivateFile.checkFolder(folder) { findings.append(finding) }
        for name in PrivateFile.names(in: folder, suffix: ".json") {
            if let finding = PrivateFile.checkFile(folder + "/" + name) { findings.append(finding) }
        }
        return CredentialFacts(folder: folder, findings: findings)
    }
}
