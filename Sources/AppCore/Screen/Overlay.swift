/// What the person opened on top of the screen. The sign-in dialog is not stored here: it is
/// shown whenever the settings slice has a `loginRequest` (`ScreenState.activeOverlay(_:)`).
public enum Overlay: Equatable, Sendable {
    case none
    case help
    /// Every server's uptime, percentiles and incidents (`h`, SPEC §15.2).
    case history
    case confirm(ConfirmDialog)
}

/// The overlay actually on screen, by priority: a confirmation the person is answering, then
/// the sign-in dialog the settings slice asks for, then help.
public enum ActiveOverlay: Equatable, Sendable {
    case none
    case help
    case history
    case login(serverId: String)
    case confirm(ConfirmDialog)
}
