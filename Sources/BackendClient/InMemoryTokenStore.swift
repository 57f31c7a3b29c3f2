/// Tokens held in memory only.
public actor InMemoryTokenStore: TokenStore {
    private var tokens: AuthTokens?

    public init(_ tokens: AuthTokens? = nil) {
        self.tokens = tokens
    }

    public func loadTokens() async -> AuthTokens? { tokens }
    public func saveTokens(_ tokens: AuthTokens) async { self.tokens = tokens }
    public func clearTokens() async { tokens = nil }
}
