/// Presentation state that belongs to this run only (never persisted, not part of the
/// app's Zustand state): whether the settings pane is open and what was wrong with the files.
public struct SettingsSessionState: Equatable, Sendable {
    /// Set by `openNativeSettings`; the UI shows the Settings › VerbumCare pane while true.
    public var isSettingsPaneOpen: Bool
    /// Every problem found by the last load of each file (`lastError` shows only the first).
    public var fileProblems: [FileProblem]

    public init(isSettingsPaneOpen: Bool = false, fileProblems: [FileProblem] = []) {
        self.isSettingsPaneOpen = isSettingsPaneOpen
        self.fileProblems = fileProblems
    }
}
