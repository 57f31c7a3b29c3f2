import BackendClient
import FoundationEssentials
import Glibc
import SettingsStore

/// A server's sign-in tokens in `credentials/<id>.json` in the state directory, mode 0600
/// (docs/PRODUCT.md: Switching, fallback, server data and sign-in; docs/PRODUCT.md: Files): the app's `TokenStore`. The file records the server's base URL; tokens
/// written for another address under the same id are not used. Passwords are never stored.
public final class CredentialFileStore: TokenStore, Sendable {
    public let path: String
    public let baseUrl: String

    public init(paths: AppPaths, server: ServerConfig) {
        path = paths.credentialsFile(serverId: server.id)
        baseUrl = server.baseUrl
    }

    public func loadTokens() async -> AuthTokens? {
        read()
    }

    public func saveTokens(_ tokens: AuthTokens) async {
        // A failed write loses only this session's tokens: the user signs in again next time.
        // Sign-in itself saves with `save`, which tells the failure.
        try? save(tokens)
    }

    /// Writes the tokens (atomically, 0600); throws when they could not be saved, so a sign-in
    /// is never told as done while the old tokens stay in the file.
    public func save(_ tokens: AuthTokens) throws {
        var file: JSONObject = ["baseUrl": .string(baseUrl), "accessToken": .string(tokens.accessToken)]
        if let refresh = tokens.refreshToken { file["refreshToken"] = .string(refresh) }
        try AtomicFile.write(JSON.object(file).fileBytes(), to: path, followLinks: false)
    }

    /// Sign-out or a refused refresh: the tokens are worthless, so the file is removed.
    public func clearTokens() async {
        unlink(path)
    }

    /// Synchronous read, for callers outside async code.
    public func read() -> AuthTokens? {
        guard let bytes = try? AtomicFile.read(path, limit: 64 * 1024, followLinks: false),
              let file = JSON.parse(bytes), file["baseUrl"]?.stringValue == baseUrl,
              let access = file["accessToken"]?.stringValue, !access.isEmpty else { return nil }
        return AuthTokens(accessToken: access, refreshToken: file["refreshToken"]?.stringValue)
    }
}
