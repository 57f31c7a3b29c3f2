import BackendClient
import Logging
import SettingsStore

/// The API clients of the servers the app signs in to, and the sign-in effects. A client adds
/// the bearer token and refreshes it once on a 401; a refused refresh (or a token refused
/// again right after one) is reported through `onSignInRequired`, which opens the dialog: the
/// client calls it from the refresh that a request's 401 started (the request is a task of the
/// effect runner: a probe's verify, a sign-in, a sign-out), so no task of this object's own
/// listens. The
/// password only passes through to the request body and is wiped afterwards: it is never
/// kept, logged or written.
@MainActor
final class SessionClients {
    /// Called off the main actor; the runtime posts it to the runner's inbox.
    var onSignInRequired: (@Sendable (_ serverId: String) -> Void)?

    private let prober: ServerProber
    private let refreshLimiter: RefreshLimiter
    private let logger: Logger
    private var clients: [String: APIClient] = [:]
    /// The access token last sent to a refresh because the `auth` check said 401: each token
    /// gets one refresh, not one per probe.
    private var verifiedTokens: [String: String] = [:]
    private var verifying: Set<String> = []

    static let deviceInfo = ["app": "verbumcare-tui", "platform": "terminal"]

    init(prober: ServerProber, refreshLimiter: RefreshLimiter, logger: Logger) {
        self.prober = prober
        self.refreshLimiter = refreshLimiter
        self.logger = logger
    }

    func stop() {
        clients.removeAll()
    }

    /// The transport changed (a new CA bundle): clients are made again on next use.
    func reset() {
        stop()
    }

    func client(for server: ServerConfig) -> APIClient? {
        if let client = clients[server.id], client.baseURL == server.baseUrl { return client }
        var settings = prober.settings
        settings.connectTimeoutMs = server.connectionTimeout
        settings.totalTimeoutMs = server.connectionTimeout
        let serverId = server.id
        let logger = logger
        let notify = onSignInRequired
        guard let made = APIClient(baseURL: server.baseUrl, settings: settings, retryPolicy: .none,
                                   tokenStore: prober.credentials(for: server), transport: prober.httpTransport,
                                   refreshLimiter: refreshLimiter, onSignInRequired: { event in
                                       logger.info("sign-in required", metadata: ["server": "\(serverId)", "reason": "\(event.reason)"])
                                       notify?(serverId)
                                   }) else {
            return nil
        }
        clients[server.id] = made
        return made
    }

    /// The `auth` check got 401 with a stored token: one refresh is tried through the API
    /// client. Whether it worked (then the server is tested again); false as well when this
    /// token was tried before or is being tried now.
    func verifyToken(of server: ServerConfig) async -> Bool {
        guard !verifying.contains(server.id),
              let token = prober.credentials(for: server).read()?.accessToken,
              token != verifiedTokens[server.id], let client = client(for: server) else { return false }
        verifiedTokens[server.id] = token
        verifying.insert(server.id)
        defer { verifying.remove(server.id) }
        do throws(ClientError) {
            _ = try await client.get("/auth/me")
        } catch {
            return false
        }
        logger.info("token refreshed", metadata: ["server": "\(server.id)"])
        return true
    }

    /// `POST /api/auth/login`; the tokens are saved (0600).
    func signIn(_ server: ServerConfig, username: String, password: SecretText,
                at now: @Sendable () -> Double) async -> AppEvent {
        guard let client = client(for: server) else {
            password.wipe()
            return .signInFailed(serverId: server.id, error: AppError(key: "dialog.login.failed",
                                                                      parameters: ["server": server.id]))
        }
        defer { password.wipe() }
        do {
            let tokens = try await client.login(username: username, secret: password, deviceInfo: Self.deviceInfo)
            // The client saved the tokens without a word; a sign-in is done only when the file
            // holds them (a full disk keeps the old token, which the server may refuse).
            let credentials = prober.credentials(for: server)
            if credentials.read() != tokens {
                do {
                    try credentials.save(tokens)
                } catch {
                    logger.warning("tokens not saved", metadata: ["server": "\(server.id)", "error": "\(ErrorReason.text(error))"])
                    return .signInFailed(serverId: server.id,
                                         error: ErrorReason.writeFailure(error, file: credentials.path))
                }
            }
            logger.info("signed in", metadata: ["server": "\(server.id)"])
            verifiedTokens[server.id] = nil
            return .signedIn(serverId: server.id, username: username, at: now())
        } catch {
            logger.info("sign-in failed", metadata: ["server": "\(server.id)", "code": "\(error.code.rawValue)"])
            if error.httpStatus == 401 || error.httpStatus == 400 {
                return .signInFailed(serverId: server.id, error: AppError(key: "dialog.login.bad_credentials", code: error.code))
            }
            let reason = error.connectivityError
            var parameters = ConnectivityMessages.reasonParameters(reason, server: server)
            parameters["server"] = server.id
            return .signInFailed(serverId: server.id, error: AppError(key: "dialog.login.failed", parameters: parameters,
                                                                      code: error.code, reason: reason))
        }
    }

    /// `POST /api/auth/logout`; the stored tokens are removed even when the server cannot be told.
    func signOut(_ server: ServerConfig, at now: @Sendable () -> Double) async -> AppEvent {
        if let client = client(for: server) {
            do {
                try await client.logout()
            } catch {
                logger.info("logout not confirmed by the server", metadata: ["code": "\(error.code.rawValue)"])
            }
        }
        verifiedTokens[server.id] = nil
        return .signedOut(serverId: server.id, at: now())
    }
}
