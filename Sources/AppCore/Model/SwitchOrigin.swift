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
    /// pn51 failed (`reason`) during a fallback while the configured server answers: back to
    /// it at once, without waiting for the person (`FallbackPolicy.returnsToConfigured`).
    case fallbackFailed(reason: ConnectivityError)
}
