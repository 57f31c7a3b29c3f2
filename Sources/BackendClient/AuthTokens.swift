/// A signed-in session's tokens (docs/PRODUCT.md: The backend's API contract login and refresh answers).
public struct AuthTokens: Equatable, Hashable, Sendable {
    public var accessToken: String
    public var refreshToken: String?

    public init(accessToken: String, refreshToken: String?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}
