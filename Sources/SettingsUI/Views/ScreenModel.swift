import Localization
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
    /// The language the person chose when the console cannot draw it: `settings` then says
    /// English, which every text is drawn in, and the main screen says why.
    public var languageNotDrawn: AppLanguage?

    public init(state: AppState, now: Double, options: RenderOptions = RenderOptions(),
                caBundle: CABundleDisplay? = nil, clock: LocalClock = .system) {
        self.settings = state.settings
        self.screen = state.screen
        self.watch = state.watch
        self.now = now
        self.options = options
        self.caBundle = caBundle
        self.clock = clock
        if options.consoleLacksCJK, state.settings.currentLanguage != .en {
            languageNotDrawn = state.settings.currentLanguage
            settings.currentLanguage = .en
        }
    }

    /// The language the person chose (the language list marks it).
    public var chosenLanguage: AppLanguage { languageNotDrawn ?? settings.currentLanguage }
}
