import BackendClient
import FoundationEssentials
import Glibc
import SettingsStore

/// A server's sign-in tokens in `credentials/<id>.json` in the state directory, mode 0600
/// (docs/PRODUCT.md: Switching, fallback, server data and sign-in; docs/PRODUCT.md: Files): the app's `TokenStore`. The file records the server's base URL; tokens
/// written for another address under the same id are not used. Passwords are never stored.
///
/// Every read checks the file's and the folder's privacy (docs/FILES-AND-SECRETS.md: Secrets):
/// shared ones are made private, another user's are refused; and a token that is not a valid
/// header value is refused. What was found goes to `report` (the app posts notices, the
/// command line writes to stderr).
public final class CredentialFileStore: TokenStore, Sendable {
    public let path: String
    public let baseUrl: String
    public let serverId: String
    /// The folder the files live in.
    public let folder: String
    private let report: CredentialReport?

    public init(paths: AppPaths, server: ServerConfig, report: CredentialReport? = nil) {
        path = paths.credentialsFile(serverId: server.id)
        baseUrl = server.baseUrl
        serverId = server.id
        folder = paths.credentialsDirectory
        self.report = report
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

    /// Synchronous read, for callers outside async code; what it found is reported.
    public func read() -> AuthTokens? {
        let result = inspect()
        if let report { report(serverId, result.problems) }
        return result.tokens
    }

    /// The tokens that may be used, and every problem found on the way (nothing reported).
    public func inspect() -> CredentialRead {
        var problems: [FileProblem] = []
        if let finding = PrivateFile.checkFolder(folder) {
            problems.append(finding.problem)
            if finding.refusesUse { return CredentialRead(tokens: nil, problems: problems) }
        }
        guard let read = PrivateFile.read(path, limit: 64 * 1024) else {
            return CredentialRead(tokens: nil, problems: problems)
        }
        if let finding = read.finding { problems.append(finding.problem) }
        guard let bytes = read.bytes, let file = JSON.parse(bytes), file["baseUrl"]?.stringValue == baseUrl,
              let access = file["accessToken"]?.stringValue, !access.isEmpty else {
            return CredentialRead(tokens: nil, problems: problems)
        }
        let refresh = file["refreshToken"]?.stringValue
        for (field, token) in [("accessToken", access), ("refreshToken", refresh ?? "")] {
            if let (scalar, position) = HeaderFieldValue.firstForbidden(in: token) {
                problems.append(FileProblem(key: "files.credentials_token_invalid", parameters: [
                    "path": TextSanitizer.clean(path), "field": field,
                    "character": HeaderFieldValue.name(scalar), "position": String(position),
                ]))
                return CredentialRead(tokens: nil, problems: problems)
            }
        }
        return CredentialRead(tokens: AuthTokens(accessToken: access, refreshToken: refresh), problems: problems)
    }
}

/// Hears what a read of a server's credentials found: (server id, problems; empty when none).
public typealias CredentialReport = @Sendable (_ serverId: String, _ problems: [FileProblem]) -> Void

/// The tokens a credentials file holds that may be sent, and what was found on the way.
public struct CredentialRead: Equatable, Sendable {
    public var tokens: AuthTokens?
    public var problems: [FileProblem]
}
