import FoundationEssentials
import SettingsStore

/// The service layer every request to a VerbumCare backend goes through (docs/PRODUCT.md: The backend's API contract; docs/PRODUCT.md: Transport rules):
/// paths joined to the base URL once, bearer tokens, timeouts, retries with exponential
/// backoff for idempotent methods, typed errors, cancellation, and one shared token refresh
/// when requests meet a 401.
public final class APIClient: Sendable {
    /// The server; request paths are relative to its base URL (`/config`, not `/api/config`).
    public let address: ServerAddress
    public let settings: TransportSettings
    public let retryPolicy: RetryPolicy
    private let transport: any HTTPTransport
    private let tokenStore: (any TokenStore)?
    private let refresher: TokenRefresher?
    private let clock: AppClock

    /// - Parameter clock: its sleeps wait between retries (tests pass one that does not wait).
    /// - Parameter onSignInRequired: told of each refused refresh, off the main actor, by the
    ///   refresh that a request's 401 started; the owner asks the user to sign in again (the
    ///   connectivity layer posts it to the effect runner's inbox).
    public init(address: ServerAddress,
                settings: TransportSettings = TransportSettings(),
                retryPolicy: RetryPolicy = RetryPolicy(),
                tokenStore: (any TokenStore)? = nil,
                transport: any HTTPTransport = CurlEngine.shared,
                refreshLimiter: RefreshLimiter = .shared,
                clock: AppClock = .system,
                onSignInRequired: (@Sendable (SignInRequired) -> Void)? = nil) {
        self.address = address
        self.settings = settings
        self.retryPolicy = retryPolicy
        self.transport = transport
        self.tokenStore = tokenStore
        self.clock = clock
        refresher = tokenStore.map {
            TokenRefresher(store: $0, server: address.apiURL(path: "/auth/refresh"), limiter: refreshLimiter,
                           onSignInRequired: { onSignInRequired?($0) })
        }
    }

    /// nil when `baseURL` is not a server address (`https://HOST[:PORT]/PREFIX/api`).
    public convenience init?(baseURL: String,
                             settings: TransportSettings = TransportSettings(),
                             retryPolicy: RetryPolicy = RetryPolicy(),
                             tokenStore: (any TokenStore)? = nil,
                             transport: any HTTPTransport = CurlEngine.shared,
                             refreshLimiter: RefreshLimiter = .shared,
                             clock: AppClock = .system,
                             onSignInRequired: (@Sendable (SignInRequired) -> Void)? = nil) {
        guard let address = ServerAddress(baseURL: baseURL) else { return nil }
        self.init(address: address, settings: settings, retryPolicy: retryPolicy, tokenStore: tokenStore,
                  transport: transport, refreshLimiter: refreshLimiter, clock: clock, onSignInRequired: onSignInRequired)
    }

    public var baseURL: String { address.baseURL }

    // MARK: verbs

    public func get(_ path: String, headers: [String: String] = [:]) async throws(ClientError) -> APIResponse {
        try await send(APIRequest(method: .get, path: path, headers: Self.headerList(headers)))
    }

    public func post(_ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws(ClientError) -> APIResponse {
        try await send(APIRequest(method: .post, path: path, headers: Self.headerList(headers), body: body))
    }

    public func put(_ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws(ClientError) -> APIResponse {
        try await send(APIRequest(method: .put, path: path, headers: Self.headerList(headers), body: body))
    }

    public func patch(_ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws(ClientError) -> APIResponse {
        try await send(APIRequest(method: .patch, path: path, headers: Self.headerList(headers), body: body))
    }

    public func delete(_ path: String, headers: [String: String] = [:]) async throws(ClientError) -> APIResponse {
        try await send(APIRequest(method: .delete, path: path, headers: Self.headerList(headers)))
    }

    // MARK: sending

    /// Bounded: one attempt, the policy's retries, and at most one more after a token
    /// refresh; never a loop a server's answers can keep going.
    public func send(_ request: APIRequest) async throws(ClientError) -> APIResponse {
        let url = address.apiURL(path: request.path)
        var retries = 0
        var refreshed = false
        var lastError = ClientError.cancelled
        for _ in 0..<(retryPolicy.maxRetries + 2) {
            if Task.isCancelled { throw ClientError.cancelled }
            let token = request.authorization == .automatic ? await tokenStore?.loadTokens()?.accessToken : nil
            let transportRequest = TransportRequest(method: request.method, url: url,
                                                    headers: request.outgoingHeaders(accessToken: token),
                                                    body: request.body, settings: settings)
            let error: ClientError
            switch await transport.perform(transportRequest) {
            case .success(let response):
                if Task.isCancelled { throw ClientError.cancelled }
                if response.isSuccess {
                    return APIResponse(status: response.status, body: response.body, timings: response.timings, url: url)
                }
                if response.status == 401, let token, let refresher, !refreshed {
                    refreshed = true
                    switch await refresher.refresh(staleAccessToken: token, using: refreshCall()) {
                    case .refreshed:
                        continue
                    case .signInRequired:
                        break
                    case .failed(let refreshError):
                        throw refreshError
                    }
                }
                error = Self.error(for: response)
            case .failure(let failure):
                error = failure
            }
            if error.code == .cancelled || Task.isCancelled { throw ClientError.cancelled }
            guard retryPolicy.shouldRetry(method: request.method, error: error, retriesSoFar: retries) else {
                throw error
            }
            lastError = error
            retries += 1
            do {
                try await clock.sleep(retryPolicy.delay(beforeRetry: retries))
            } catch {
                throw ClientError.cancelled
            }
        }
        throw lastError
    }

    // MARK: sign-in

    /// `POST /auth/login`; stores the tokens on success (docs/PRODUCT.md: The backend's API contract).
    /// For tests and callers that hold the password as text; the app and the command line pass
    /// a `SecretText`.
    public func login(username: String, password: String, deviceInfo: [String: String] = [:]) async throws(ClientError) -> AuthTokens {
        let secret = SecretText(password)
        defer { secret.wipe() }
        return try await login(username: username, secret: secret, deviceInfo: deviceInfo)
    }

    /// `POST /auth/login` with the password read from its one owned buffer, which the caller
    /// wipes once this returns (the request has finished by then, whatever its outcome).
    public func login(username: String, secret: SecretText, deviceInfo: [String: String] = [:]) async throws(ClientError) -> AuthTokens {
        var body = try LoginBody.make(username: username, secret: secret, deviceInfo: deviceInfo)
        // The request body holds the password in clear: overwritten once sent, whatever the answer.
        defer { body.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        let response = try await send(APIRequest(method: .post, path: "/auth/login", body: body, authorization: .none))
        let tokens = try Self.tokens(in: response.body)
        await tokenStore?.saveTokens(tokens)
        return tokens
    }

    /// `POST /auth/logout` with the access token; the stored tokens are cleared even when
    /// the server cannot be told.
    public func logout() async throws(ClientError) {
        guard let tokens = await tokenStore?.loadTokens() else { return }
        await tokenStore?.clearTokens()
        let body = JSON.object(["accessToken": .string(tokens.accessToken)]).requestBody
        _ = try await send(APIRequest(method: .post, path: "/auth/logout",
                                      headers: [HTTPHeader(name: "Authorization", value: "Bearer \(tokens.accessToken)")],
                                      body: body, authorization: .none))
    }

    // MARK: helpers

    /// `POST /auth/refresh` with the refresh token, as one attempt outside the retry and
    /// 401 handling of `send` (which would otherwise recurse).
    private func refreshCall() -> @Sendable (String) async -> TokenRefresher.Attempt {
        let url = address.apiURL(path: "/auth/refresh")
        let transport = transport
        let settings = settings
        return { refreshToken in
            let body = JSON.object(["refreshToken": .string(refreshToken)]).requestBody
            let request = APIRequest(method: .post, path: "", body: body, authorization: .none)
            let transportRequest = TransportRequest(method: .post, url: url,
                                                    headers: request.outgoingHeaders(accessToken: nil),
                                                    body: body, settings: settings)
            switch await transport.perform(transportRequest) {
            case .failure(let error):
                return .unavailable(error)
            case .success(let response) where response.isSuccess:
                do throws(ClientError) {
                    let answer = try APIClient.tokens(in: response.body)
                    guard !answer.accessToken.isEmpty else {
                        return .rejected(.badResponse("refresh answer without an access token"))
                    }
                    return .success(AuthTokens(accessToken: answer.accessToken,
                                               refreshToken: answer.refreshToken ?? refreshToken))
                } catch {
                    return .rejected(error)
                }
            case .success(let response):
                let error = APIClient.error(for: response)
                return (400...499).contains(response.status) ? .rejected(error) : .unavailable(error)
            }
        }
    }

    static func error(for response: TransportResponse) -> ClientError {
        ClientError.httpAnswer(status: response.status, detail: serverMessage(in: response.body),
                               redirectTo: response.redirectURL, requestURL: response.url, timings: response.timings)
    }

    /// The `error` (English) or `message` field of an error body, sanitized and shortened.
    static func serverMessage(in body: Data) -> String? {
        guard let object = JSON(serverBody: body)?.objectValue else { return nil }
        guard let text = object["error"]?.stringValue ?? object["message"]?.stringValue, !text.isEmpty else {
            return nil
        }
        return String(text.prefix(200))
    }

    /// The tokens of a login or refresh answer, `{"data": {"accessToken", "refreshToken"?}}`
    /// (docs/PRODUCT.md: The backend's API contract), read from the cleaned body.
    static func tokens(in body: Data) throws(ClientError) -> AuthTokens {
        guard let json = JSON(serverBody: body) else { throw ClientError.badResponse("body is not JSON") }
        guard let data = json["data"]?.objectValue, let access = data["accessToken"]?.stringValue else {
            throw ClientError.badResponse("unexpected JSON: no data.accessToken")
        }
        let refresh = data["refreshToken"]
        guard refresh == nil || refresh == .null || refresh?.stringValue != nil else {
            throw ClientError.badResponse("unexpected JSON: data.refreshToken is not text")
        }
        return AuthTokens(accessToken: access, refreshToken: refresh?.stringValue)
    }

    static func headerList(_ headers: [String: String]) -> [HTTPHeader] {
        headers.sorted { $0.key < $1.key }.map { HTTPHeader(name: $0.key, value: $0.value) }
    }
}
