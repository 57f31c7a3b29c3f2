/// The app asks for re-login (docs/PRODUCT.md: Switching, fallback, server data and sign-in) when a server that had a token now answers 401.
public struct LoginRequest: Codable, Equatable, Sendable {
    public var serverId: String
    /// A catalog key + parameters for the last failed attempt, if any.
    public var failure: AppError?
    public var isSubmitting: Bool

    public init(serverId: String, failure: AppError? = nil, isSubmitting: Bool = false) {
        self.serverId = serverId
        self.failure = failure
        self.isSubmitting = isSubmitting
    }
}
