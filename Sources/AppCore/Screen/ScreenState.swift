import Localization

/// The screen's slice of the one state: where the focus is, what is open on top, the list
/// cursors, whether the settings pane is open and the text being typed (the sign-in form's
/// too). Facts the settings slice owns (whether a sign-in is asked for, the notices) are not kept here:
/// the accessors below read them from `SettingsState`, so the two slices can never disagree.
public struct ScreenState: Equatable, Sendable {
    /// The Settings › VerbumCare pane is open (`paneOpened` / `paneClosed`, the screen's facts
    /// that the settings reducer also answers: it tests the rows, it reads settings.json).
    public var isSettingsPaneOpen = false
    /// The focused area of the main screen (kept while the pane is open, so Esc returns to it).
    public var mainFocus: FocusArea
    /// The focused area of the settings pane.
    public var paneFocus: FocusArea
    public var overlay: Overlay
    /// Row under the cursor in the language picker (index into the available languages).
    public var languageCursor: Int
    /// Row under the cursor in the pane list: the servers, then "Add Custom Server...". Read
    /// through `paneRow(_:)`, which keeps it inside the list as servers come and go.
    public var paneCursor: Int
    public var addressField: TextField
    /// Validation of `addressField` as typed; nil while the field is empty.
    public var validation: ValidationResult?
    public var addFlow: AddFlow
    public var caBundleField: TextField
    /// First row of the help or history overlay's list (the view keeps it inside the list it draws).
    public var helpScroll: Int
    /// The fleet view (`fleet`), nil in the app.
    public var fleet: FleetState?
    /// The incident selected in the history view (`h`), an index into `HistoryIncidents.listed`.
    public var historySelection = 0
    /// The note being written on the selected incident (`n` in `h`); nil when none is.
    public var noteField: TextField?
    /// What the person types into the sign-in dialog: it lives exactly as long as the settings'
    /// `loginRequest` (`AppReducer` starts it with each new request, with that server's last
    /// user name and no password, and drops it with the request).
    public var loginForm: LoginForm?
    /// The scrolling view's rows and length as the last frame drew them (`viewportMeasured`);
    /// nil until one is drawn. Paging and the scroll limits follow it.
    public var viewport: ScrollViewport?

    public init(mainFocus: FocusArea = .languagePicker, paneFocus: FocusArea = .paneList, overlay: Overlay = .none,
                languageCursor: Int = 0, paneCursor: Int = 0, addressField: TextField = .address(),
                validation: ValidationResult? = nil, addFlow: AddFlow = .idle, caBundleField: TextField = TextField(),
                helpScroll: Int = 0) {
        self.mainFocus = mainFocus
        self.paneFocus = paneFocus
        self.overlay = overlay
        self.languageCursor = languageCursor
        self.paneCursor = paneCursor
        self.addressField = addressField
        self.validation = validation
        self.addFlow = addFlow
        self.caBundleField = caBundleField
        self.helpScroll = helpScroll
    }

    /// The first screen for a settings state: the language picker's cursor on the current language.
    public init(settings: SettingsState) {
        self.init()
        languageCursor = ScreenState.languages(settings).firstIndex(of: settings.currentLanguage) ?? 0
    }

    // MARK: - Read together with the settings slice

    /// The focused area: the pane's while the pane is open; on the main screen the notices
    /// only while there are any (focus on a notice list that emptied falls to the language picker).
    public func focus(_ settings: SettingsState) -> FocusArea {
        if isSettingsPaneOpen { return paneFocus }
        if mainFocus == .notices && settings.notices.isEmpty { return .languagePicker }
        return mainFocus
    }

    /// The languages in picker order.
    public static func languages(_ settings: SettingsState) -> [AppLanguage] {
        settings.availableLanguages.isEmpty ? AppLanguage.allCases : settings.availableLanguages
    }

    /// The language picker's cursor, inside the list.
    public func languageRow(_ settings: SettingsState) -> Int {
        min(max(0, languageCursor), ScreenState.languages(settings).count - 1)
    }

    /// Rows of the pane list: every server, then "Add Custom Server...".
    public static func paneRowCount(_ settings: SettingsState) -> Int {
        settings.availableServers.count + 1
    }

    /// The pane cursor, inside the list (a removed server leaves the cursor on its neighbour).
    public func paneRow(_ settings: SettingsState) -> Int {
        min(max(0, paneCursor), ScreenState.paneRowCount(settings) - 1)
    }

    /// The server under the pane cursor; nil on "Add Custom Server...".
    public func serverUnderCursor(_ settings: SettingsState) -> ServerConfig? {
        let row = paneRow(settings)
        return settings.availableServers.indices.contains(row) ? settings.availableServers[row] : nil
    }

    /// The server marked ● in the pane: the one settings.json names (during a fallback, the
    /// configured server that failed).
    public static func paneMarkedServerId(_ settings: SettingsState) -> String {
        settings.configuredServer.id
    }

    /// The offer to switch back is shown (and `s` works) once the configured server recovered.
    public func isSwitchBackOffered(_ settings: SettingsState) -> Bool {
        FallbackPolicy.offersSwitchBack(settings) && !isSettingsPaneOpen
    }

    /// The overlay on screen, by priority: a confirmation being answered, then the sign-in
    /// dialog the settings slice asks for, then help.
    public func activeOverlay(_ settings: SettingsState) -> ActiveOverlay {
        if case .confirm(let dialog) = overlay {
            return .confirm(dialog)
        }
        if let request = settings.loginRequest {
            return .login(serverId: request.serverId)
        }
        switch overlay {
        case .help: return .help
        case .history: return .history
        case .none, .confirm: return .none
        }
    }

    /// Whether printable keys type into a field right now.
    public func isTyping(_ settings: SettingsState) -> Bool {
        switch activeOverlay(settings) {
        case .login: true
        case .history: noteField != nil
        case .help, .confirm: false
        case .none: focus(settings).isTextField && isSettingsPaneOpen
        }
    }

    /// The suggestion Tab accepts in the address field, if there is one and it differs from the
    /// text. Its host is in the form the person typed: an internationalized name stays readable
    /// in the field (the validator normalizes it to its A-label again; SPEC §4).
    public var addressSuggestion: String? {
        guard let suggestion = validation?.suggestions.first.map(UnicodeHost.readableURL),
              suggestion != addressField.text else { return nil }
        return suggestion
    }
}

extension ScreenState {
    /// The pane opens and closes by these events, whoever sends them (a key, a click, the
    /// store's `openNativeSettings`); `AppReducer` applies them here before the settings
    /// reducer answers them.
    mutating func apply(paneEvent event: AppEvent) {
        switch event {
        case .paneOpened: isSettingsPaneOpen = true
        case .paneClosed: isSettingsPaneOpen = false
        default: break
        }
    }
}
