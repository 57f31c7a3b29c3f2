import BackendClient
import Logging
import SettingsStore

/// Sign-in on the current server (SPEC §6.5): asks for re-login after a switch when the
/// server no longer accepts a stored token, logs in and out, and turns the API client's
/// refused token refresh into the re-login dialog. The password only passes through to the
/// request body: it is never kept, logged or written.
@MainActor
public final class SessionManager {
    /// Called after a sign-in or sign-out changed the tokens (the runtime re-tests).
    public var onSessionChanged: (() -> Void)?

    private let store: AppSettingsStore
    private let prober: ServerProber
    private let logger: Logger
    private var client: APIClient?
    private var listener: Task<Void, Never>?
    /// The access token last sent to a refresh because the `auth` check said 401: each token
    /// gets one refresh, not one per probe.
    private var verifiedToken: String?
    private var verifying = false

    public static let deviceInfo = ["app": "verbumcare-tui", "platform": "terminal"]

    public init(store: AppSettingsStore, prober: ServerProber,
                logger: Logger = Logger(label: "verbumcare.connectivity.session")) {
        self.store = store
        self.prober = prober
        self.logger = logger
    }

    public func stop() {
        listener?.cancel()
        listener = nil
        client = nil
    }

    /// The API client of the current server, for the app's own requests: it adds the bearer
    /// token and refreshes it once on a 401; a refused refresh opens the re-login dialog.
    public func apiClient() -> APIClient? {
        let server = store.getState().currentServer
        if let client, client.baseURL == server.baseUrl { return client }
        var settings = prober.settings
        settings.connectTimeoutMs = server.connectionTimeout
        settings.totalTimeoutMs = server.connectionTimeout
        guard let made = APIClient(baseURL: server.baseUrl, settings: settings, retryPolicy: .none,
                                   tokenStore: prober.credentials(for: server), transport: prober.httpTransport) else {
            return nil
        }
        client = made
        listener?.cancel()
        let serverId = server.id
        let stream = made.signInRequired
        listener = Task { [weak self] in
            for await event in stream {
                guard let self else { return }
                self.logger.info("sign-in required", metadata: ["server": "\(serverId)", "reason": "\(event.reason)"])
                self.askForLogin(serverId: serverId)
            }
        }
        return made
    }

    public func hasTokens(_ server: ServerConfig) -> Bool {
        prober.credentials(for: server).read() != nil
    }

    /// The "signing in" step of a switch: a stored token that the server now refuses means
    /// the session ended there, so the user is asked to sign in again.
    public static func needsLogin(after result: DetailedStatus, hadToken: Bool) -> Bool {
        hadToken && authRequired(result)
    }

    /// During normal use: the `auth` check got 401 with a stored token. One refresh is tried
    /// (through the API client, which shares it with any other request meeting a 401); if the
    /// server refuses it, the client reports `SignInRequired` and the dialog opens.
    public func probeResult(_ result: DetailedStatus, of server: ServerConfig) {
        guard Self.authRequired(result), server.id == store.getState().currentServer.id,
              store.getState().loginRequest == nil, !verifying,
              let token = prober.credentials(for: server).read()?.accessToken, token != verifiedToken,
              let client = apiClient() else { return }
        verifiedToken = token
        verifying = true
        Task { [weak self] in
            let outcome: Result<APIResponse, ClientError>
            do throws(ClientError) {
                outcome = .success(try await client.get("/auth/me"))
            } catch {
                outcome = .failure(error)
            }
            guard let self else { return }
            self.verifying = false
            if case .success = outcome {
                self.logger.info("token refreshed", metadata: ["server": "\(server.id)"])
                self.onSessionChanged?()
            }
        }
    }

    /// `POST /api/auth/login` on the server the dialog is for (else the current one); the
    /// tokens are saved (0600) and the dialog closes. Returns whether it worked.
    @discardableResult
    public func login(username: String, password: String) async -> Bool {
        let state = store.getState()
        let serverId = state.loginRequest?.serverId ?? state.currentServer.id
        guard serverId == state.currentServer.id, let client = apiClient() else {
            store.setState { $0.loginRequest = nil }
            return false
        }
        store.setState {
            var request = $0.loginRequest ?? LoginRequest(serverId: serverId)
            request.isSubmitting = true
            request.failure = nil
            $0.loginRequest = request
        }
        do {
            _ = try await client.login(username: username, password: password, deviceInfo: Self.deviceInfo)
            logger.info("signed in", metadata: ["server": "\(serverId)"])
            verifiedToken = nil
            store.setState { $0.loginRequest = nil }
            onSessionChanged?()
            return true
        } catch {
            logger.info("sign-in failed", metadata: ["server": "\(serverId)", "code": "\(error.code.rawValue)"])
            let failure: AppError
            if error.httpStatus == 401 || error.httpStatus == 400 {
                failure = AppError(key: "dialog.login.bad_credentials", code: error.code)
            } else {
                var parameters = ConnectivityMessages.reasonParameters(error.connectivityError, server: state.currentServer)
                parameters["server"] = state.currentServer.displayName
                failure = AppError(key: "dialog.login.failed", parameters: parameters, code: error.code)
            }
            store.setState {
                var request = $0.loginRequest ?? LoginRequest(serverId: serverId)
                request.isSubmitting = false
                request.failure = failure
                $0.loginRequest = request
            }
            return false
        }
    }

    /// Closes the dialog without signing in.
    public func dismissLogin() {
        store.setState { $0.loginRequest = nil }
    }

    /// `POST /api/auth/logout`; the stored tokens are removed even when the server cannot be told.
    public func logout() async {
        guard let client = apiClient() else { return }
        do {
            try await client.logout()
        } catch {
            logger.info("logout not confirmed by the server", metadata: ["code": "\(error.code.rawValue)"])
        }
        verifiedToken = nil
        onSessionChanged?()
    }

    private func askForLogin(serverId: String) {
        guard store.getState().currentServer.id == serverId || store.getState().serverSwitchState.toServerId == serverId else { return }
        store.setState { state in
            if state.loginRequest?.serverId != serverId { state.loginRequest = LoginRequest(serverId: serverId) }
        }
    }

    static func authRequired(_ result: DetailedStatus) -> Bool {
        result.checks.contains { $0.endpoint == .auth && $0.error?.code == .authRequired }
    }
}
