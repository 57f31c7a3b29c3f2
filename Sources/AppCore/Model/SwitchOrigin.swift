/// Why a switch runs; it decides what a failure leads to.
public enum SwitchOrigin: Equatable, Sendable {
    /// The configured server is tested when the app starts.
    case start
    /// settings.json asks for a server (the pane, a hand edit, a removal or reset).
    case settings
    /// The configured server failed and pn51 is tried instead.
    case fallback(from: ServerConfig, reason: ConnectivityError)
    /// The user accepted the offer to go back to the recovered configured server.
    case switchBack
}
