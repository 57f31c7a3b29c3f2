/// A signed-in session's tokens (SPEC §5 login and refresh answers).
public struct AuthTokens: Codable, Equatable, Hashable, Sendable {
    public var accessToken: String
    public var refreshToken: String?

    public init(accessToken: String, refreshToken: String?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}
