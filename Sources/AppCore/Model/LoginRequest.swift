/// The app asks for re-login (docs/PRODUCT.md: Switching, fallback, server data and sign-in) when a server that had a token now answers 401.
public struct LoginRequest: Equatable, Sendable {
    public var serverId: String
    /// A catalog key + parameters for the last failed attempt, if any.
    public var failure: AppError?
    public var isSubmitting: Bool
    /// What the person types into the dialog: it exists exactly as long as the request, so a
    /// request for another server always starts with empty fields.
    public var form: LoginForm

    public init(serverId: String, failure: AppError? = nil, isSubmitting: Bool = false, form: LoginForm = LoginForm()) {
        self.serverId = serverId
        self.failure = failure
        self.isSubmitting = isSubmitting
        self.form = form
    }
}
