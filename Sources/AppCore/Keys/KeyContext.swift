
/// Where a key binding applies. Several contexts are active at once (the focused area plus, for
/// example, "a switch is running"); overlays replace the screen's contexts entirely.
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    case languagePicker
    case openSettingsButton
    case notices
    /// A server switch is running (main screen or pane): Esc cancels it.
    case switching
    /// The configured server recovered during a fallback: `s` switches back.
    case switchBackOffer
    /// A check of the server in use says it wants a sign-in: `i` signs in.
    case signInAsked
    case paneList
    case paneTextField
    /// The address field has a suggestion: Tab accepts it.
    case addressSuggestion
    case paneStepper
    case paneToggle
    case help
    case history
    /// The note field over the history view (`n`): letters type, Enter saves, Esc cancels.
    case historyNote
    case login
    case confirm
    /// The fleet view's list of boxes (`fleet`, SPEC §15.4).
    case fleetList
    /// The fleet view's filter, typed after `/`.
    case fleetFilter
    /// One box's servers (Enter on a row of the fleet view).
    case fleetBox

    public static let mainAreas: Set<KeyContext> = [.languagePicker, .openSettingsButton, .notices]
    public static let paneAreas: Set<KeyContext> = [.paneList, .paneTextField, .paneStepper, .paneToggle]
    public static let fleetAreas: Set<KeyContext> = [.fleetList, .fleetBox]
    public static let screens: Set<KeyContext> = mainAreas.union(paneAreas).union(fleetAreas)
    public static let dialogs: Set<KeyContext> = [.login, .confirm]
    public static let everywhere = Set(KeyContext.allCases)
    /// What the screen asks the person for right now; its hint leads the footer (SPEC §10.1).
    public static let asks: Set<KeyContext> = [.switchBackOffer, .signInAsked]
    /// Contexts where printable keys type.
    public static let typing: Set<KeyContext> = [.paneTextField, .login, .fleetFilter, .historyNote]

    /// The contexts active for a state.
    public static func active(screen: ScreenState, settings: SettingsState) -> Set<KeyContext> {
        switch screen.activeOverlay(settings) {
        case .help: return [.help]
        case .history: return screen.noteField == nil ? [.history] : [.historyNote]
        case .login: return [.login]
        case .confirm: return [.confirm]
        case .none: break
        }
        if let fleet = screen.fleet {
            switch fleet.mode {
            case .list: return [.fleetList]
            case .filtering: return [.fleetFilter]
            case .box: return [.fleetBox]
            }
        }
        if screen.isSettingsPaneOpen {
            var contexts: Set<KeyContext>
            switch screen.focus(settings) {
            case .customAddress:
                contexts = screen.addressSuggestion == nil ? [.paneTextField] : [.paneTextField, .addressSuggestion]
            case .caBundle: contexts = [.paneTextField]
            case .connectionTimeout: contexts = [.paneStepper]
            case .autoSwitch, .detailedLogging: contexts = [.paneToggle]
            default: contexts = [.paneList]
            }
            // A switch shown in the pane: Esc cancels it first, the pane stays (SPEC §10.3).
            if settings.serverSwitchState.isInProgress { contexts.insert(.switching) }
            return contexts
        }
        var contexts: Set<KeyContext>
        switch screen.focus(settings) {
        case .openSettings: contexts = [.openSettingsButton]
        case .notices: contexts = [.notices]
        default: contexts = [.languagePicker]
        }
        if settings.serverSwitchState.isInProgress {
            contexts.insert(.switching)
        }
        if screen.isSwitchBackOffered(settings) {
            contexts.insert(.switchBackOffer)
        }
        if let status = settings.detailedStatus, status.serverId == settings.currentServer.id,
           SessionPolicy.authRequired(status) {
            contexts.insert(.signInAsked)
        }
        return contexts
    }
}
