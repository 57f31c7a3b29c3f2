/// Told to the client's owner when a token refresh was refused: the tokens are gone and the
/// user must sign in again (the connectivity layer opens the re-login dialog).
public struct SignInRequired: Equatable, Sendable {
    /// Sanitized technical reason, for the log.
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
