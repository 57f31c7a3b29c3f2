import SettingsStore

/// What loading the settings files found.
public struct ConfigFacts: Equatable, Sendable {
    public var settingsPath: String
    public var settingsExisted: Bool
    public var problems: [FileProblem]

    public init(settingsPath: String, settingsExisted: Bool, problems: [FileProblem]) {
        self.settingsPath = settingsPath
        self.settingsExisted = settingsExisted
        self.problems = problems
    }
}
