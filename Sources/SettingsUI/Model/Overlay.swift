import SettingsStore

/// What the user opened on top of the screen. The re-login dialog is not stored here: it is
/// shown whenever the store has a `loginRequest` (see `UIState.activeOverlay(settings:)`).
public enum Overlay: Hashable, Sendable {
    case none
    case help
    case confirm(ConfirmDialog)
}

/// The overlay actually on screen, by priority: a confirmation the user is answering, then the
/// re-login dialog the store asks for, then help.
public enum ActiveOverlay: Hashable, Sendable {
    case none
    case help
    case login(serverId: String)
    case confirm(ConfirmDialog)
}
