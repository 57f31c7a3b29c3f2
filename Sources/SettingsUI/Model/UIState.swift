import Localization
import SettingsStore

/// Everything the screens need besides the store's state: focus, overlays, cursors and the text
/// being typed. Changed only by `UIUpdate.handle`; drawn by `ScreenRenderer`.
public struct UIState: Equatable, Sendable {
    public var focus: FocusArea
    public var overlay: Overlay
    /// Row under the cursor in the language picker (index into the available languages).
    public var languageCursor: Int
    /// Row under the cursor in the pane list: the servers, then "Add Custom Server...".
    public var paneCursor: Int
    public var addressField: TextField
    /// Validation of `addressField` as typed; nil while the field is empty.
    public var validation: ValidationResult?
    public var addFlow: AddFlow
    public var caBundleField: TextField
    public var paneMessage: UIMessage?
    public var login: LoginForm
    /// First row of the help overlay's list.
    public var helpScroll: Int

    public init(focus: FocusArea = .languagePicker, overlay: Overlay = .none,
                languageCursor: Int = 0, paneCursor: Int = 0,
                addressField: TextField = .address(), validation: ValidationResult? = nil,
                addFlow: AddFlow = .idle, caBundleField: TextField = TextField(), paneMessage: UIMessage? = nil,
                login: LoginForm = LoginForm(), helpScroll: Int = 0) {
        self.focus = focus
        self.overlay = overlay
        self.languageCursor = languageCursor
        self.paneCursor = paneCursor
        self.addressField = addressField
        self.validation = validation
        self.addFlow = addFlow
        self.caBundleField = caBundleField
        self.paneMessage = paneMessage
        self.login = login
        self.helpScroll = helpScroll
    }

    /// The first state for a store state: the language picker's cursor on the current language.
    public init(settings: SettingsState) {
        self.init()
        languageCursor = UIState.languages(settings).firstIndex(of: settings.currentLanguage) ?? 0
    }

    // MARK: - Derived from the store's state

    /// The languages in picker order.
    public static func languages(_ settings: SettingsState) -> [AppLanguage] {
        settings.availableLanguages.isEmpty ? AppLanguage.allCases : settings.availableLanguages
    }

    /// Rows of the pane list: every server, then "Add Custom Server...".
    public static func paneRowCount(_ settings: SettingsState) -> Int {
        settings.availableServers.count + 1
    }

    /// The server under the pane cursor; nil on "Add Custom Server...".
    public func serverUnderCursor(_ settings: SettingsState) -> ServerConfig? {
        settings.availableServers.indices.contains(paneCursor) ? settings.availableServers[paneCursor] : nil
    }

    /// The server marked ● in the pane: the one settings.json names (during a fallback, the
    /// configured server that failed).
    public func paneMarkedServerId(_ settings: SettingsState) -> String {
        settings.configuredServer.id
    }

    public func hasNotices(_ settings: SettingsState) -> Bool {
        !settings.notices.isEmpty
    }

    /// The offer to switch back is shown (and `s` works) once the configured server recovered.
    public func isSwitchBackOffered(_ settings: SettingsState) -> Bool {
        FallbackPolicy.offersSwitchBack(settings) && !settings.isSettingsPaneOpen
    }

    public func activeOverlay(_ settings: SettingsState) -> ActiveOverlay {
        if case .confirm(let dialog) = overlay {
            return .confirm(dialog)
        }
        if let request = settings.loginRequest {
            return .login(serverId: request.serverId)
        }
        return overlay == .help ? .help : .none
    }

    /// Whether printable keys type into a field right now.
    public func isTyping(_ settings: SettingsState) -> Bool {
        switch activeOverlay(settings) {
        case .login: true
        case .help, .confirm: false
        case .none: focus.isTextField && settings.isSettingsPaneOpen
        }
    }

    /// The suggestion Tab accepts in the address field, if there is one and it differs from the text.
    public var addressSuggestion: String? {
        guard let suggestion = validation?.suggestions.first, suggestion != addressField.text else { return nil }
        return suggestion
    }

    /// Brings cursors and focus back into range after the store's state changed under them
    /// (a server removed, a notice cleared).
    public mutating func normalize(_ settings: SettingsState) {
        languageCursor = min(max(0, languageCursor), UIState.languages(settings).count - 1)
        paneCursor = min(max(0, paneCursor), UIState.paneRowCount(settings) - 1)
        helpScroll = max(0, helpScroll)
        if overlay == .help {
            // Another language may have a shorter help.
            helpScroll = min(helpScroll, HelpOverlayView.maximumScroll(settings))
        }
        if settings.isSettingsPaneOpen && !focus.isInPane {
            focus = .paneList
        } else if !settings.isSettingsPaneOpen && focus.isInPane {
            focus = .openSettings
        }
        if focus == .notices && !hasNotices(settings) {
            focus = .languagePicker
        }
        // A new re-login request gets a fresh form; a finished one takes its fields away.
        if login.serverId != settings.loginRequest?.serverId {
            login = LoginForm(serverId: settings.loginRequest?.serverId)
        }
    }
}
