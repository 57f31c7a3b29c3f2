/// Where the API client finds and keeps a server's tokens. The app's implementation is the
/// per-server credentials file (0600, docs/PRODUCT.md: Files); tests use `InMemoryTokenStore`.
public protocol TokenStore: Sendable {
    func loadTokens() async -> AuthTokens?
    func saveTokens(_ tokens: AuthTokens) async
    func clearTokens() async
}
