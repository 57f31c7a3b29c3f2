import Localization
import AppCore

/// Everything a frame is drawn from, and nothing else: time only as the texts that count it
/// show it (`ScreenTime`), and of the connectivity bookkeeping only what a notice names (the
/// machine's `.local` finding), so a turn that changes neither (a probe starting, a second that
/// changes no text) gives an equal model and no frame.
public struct ScreenModel: Equatable, Sendable {
    /// The moment of the frame, as the texts that count time show it. First: the synthesized
    /// `==` compares in this order, and a tick's model differs here alone, so the loop's
    /// comparison with the last frame's model ends at once rather than after the whole state
    /// (issue 26: about 4 % of a tick's CPU, docs/PERFORMANCE.md).
    public var time: ScreenTime
    public var settings: SettingsState
    public var screen: ScreenState
    /// History and alerts: the figures, incidents and mutes the screens show.
    public var watch: WatchState
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
        self.time = ScreenTime(state: state, now: now)
        self.options = options
        self.caBundle = caBundle
        self.clock = clock
        if options.consoleLacksCJK, state.settings.currentLanguage != .en {
            languageNotDrawn = state.settings.currentLanguage
            settings.currentLanguage = .en
        }
        var drawn = ConnectivityState()
        drawn.mdnsFinding = state.settings.connectivity.mdnsFinding
        settings.connectivity = drawn
    }

    /// The language the person chose (the language list marks it).
    public var chosenLanguage: AppLanguage { languageNotDrawn ?? settings.currentLanguage }
}
