/// What reading settings.json gave: the settings (defaults for what could not be read) and
/// what was wrong. A value, so the reducer can take it as an event's payload.
public struct SettingsFileLoad: Equatable, Sendable {
    public var settings: NativeSettings
    public var problems: [FileProblem]
    /// Set when the file could not be read and was moved aside.
    public var movedAsideTo: String?
    public var existed: Bool

    public init(settings: NativeSettings, problems: [FileProblem], movedAsideTo: String? = nil, existed: Bool) {
        self.settings = settings
        self.problems = problems
        self.movedAsideTo = movedAsideTo
        self.existed = existed
    }
}

/// What reading app-state.json gave.
public struct AppStateFileLoad: Equatable, Sendable {
    public var state: PersistedAppState
    public var problems: [FileProblem]
    public var movedAsideTo: String?
    /// The version the file was written in, when it was older and was migrated.
    public var migratedFrom: Int?

    public init(state: PersistedAppState, problems: [FileProblem], movedAsideTo: String? = nil, migratedFrom: Int? = nil) {
        self.state = state
        self.problems = problems
        self.movedAsideTo = movedAsideTo
        self.migratedFrom = migratedFrom
    }
}
