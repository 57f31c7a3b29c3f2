import AppCore

/// Everything a frame is drawn from.
public struct ScreenModel: Equatable, Sendable {
    public var settings: SettingsState
    public var screen: ScreenState
    /// History and alerts: the figures, incidents and mutes the screens show.
    public var watch: WatchState
    /// Wall-clock seconds since 1970, for "checked N s ago".
    public var now: Double
    public var options: RenderOptions
    /// The CA bundle in effect; nil shows the setting (or "system certificates") alone.
    public var caBundle: CABundleDisplay?
    /// How times in the timeline and the history are shown.
    public var clock: LocalClock

    public init(state: AppState, now: Double, options: RenderOptions = RenderOptions(),
                caBundle: CABundleDisplay? = nil, clock: LocalClock = .system) {
        self.settings = state.settings
        self.screen = state.screen
        self.watch = state.watch
        self.now = now
        self.options = options
        self.caBundle = caBundle
        self.clock = clock
    }
}
