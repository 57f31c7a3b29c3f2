/// The app asks for a sign-in (docs/PRODUCT.md: Switching, fallback, server data and sign-in): `i`, or a server that
/// had a token and now refuses it.
public struct LoginRequest: Equatable, Sendable {
    /// Why the dialog is open, which decides its words: a session "ended" only when a token
    /// existed and the server refused it; otherwise it is a plain sign-in (the first one ever,
    /// or another account).
    public enum Reason: Equatable, Sendable {
        case signIn
        case sessionEnded
    }

    public var serverId: String
    public var reason: Reason
    /// A catalog key + parameters for the last failed attempt, if any.
    public var failure: AppError?
    public var isSubmitting: Bool
    // What the person types into the dialog is the screen's (`ScreenState.loginForm`): a
    // keystroke is not a settings event.

    public init(serverId: String, reason: Reason = .signIn, failure: AppError? = nil, isSubmitting: Bool = false) {
        self.serverId = serverId
        self.reason = reason
        self.failure = failure
        self.isSubmitting = isSubmitting
    }

    /// The catalog key of the dialog's explanation.
    public var explanationKey: String {
        switch reason {
        case .signIn: "dialog.login.explain_first"
        case .sessionEnded: "dialog.login.explain"
        }
    }
}
