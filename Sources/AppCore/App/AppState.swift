/// The app's whole situation as one value: what the store mirrors (`settings`: servers,
/// status, language, notices…) and what the screen needs (`screen`: focus, overlays, the text
/// being typed). Changed only by `AppReducer.reduce`; each slice owns its facts, and a fact is
/// kept in one of them only.
public struct AppState: Equatable, Sendable {
    public var settings: SettingsState
    public var screen: ScreenState
    /// History and alerts (SPEC §15): the servers' streaks, incidents and what was alerted.
    public var watch: WatchState

    public init(settings: SettingsState, screen: ScreenState? = nil, watch: WatchState = WatchState()) {
        self.settings = settings
        self.screen = screen ?? ScreenState(settings: settings)
        self.watch = watch
    }
}
