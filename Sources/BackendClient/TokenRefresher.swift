/// Runs at most one token refresh at a time: every request that meets a 401 while one is
/// under way waits for it instead of starting its own. And at most one per server
/// per minute (`RefreshLimiter`): a token refused right after a refresh means the user must
/// sign in again, never another refresh.
actor TokenRefresher {
    enum Outcome: Equatable, Sendable {
        /// A newer access token is stored; send the request again.
        case refreshed
        /// The server refused the refresh (or there was nothing to refresh with): tokens
        /// are cleared and the owner has been told.
        case signInRequired
        /// The refresh could not be done (network, 5xx); tokens are kept.
        case failed(ClientError)
    }

    /// What one refresh call to the server produced.
    enum Attempt: Sendable {
        case success(AuthTokens)
        case rejected(ClientError)
        case unavailable(ClientError)
    }

    private let store: any TokenStore
    private let onSignInRequired: @Sendable (SignInRequired) -> Void
    private let limiter: RefreshLimiter
    /// The server, for the limiter: its refresh URL.
    private let server: String
    private var inFlight: Task<Outcome, Never>?

    init(store: any TokenStore, server: String, limiter: RefreshLimiter,
         onSignInRequired: @escaping @Sendable (SignInRequired) -> Void) {
        self.store = store
        self.server = server
        self.limiter = limiter
        self.onSignInRequired = onSignInRequired
    }

    /// Called after a 401 answered a request sent with `staleAccessToken`.
    func refresh(staleAccessToken: String,
                 using perform: @escaping @Sendable (String) async -> Attempt) async -> Outcome {
        if let inFlight { return await inFlight.value }
        let current = await store.loadTokens()
        // Another request may have started a refresh while this one read the store.
        if let inFlight { return await inFlight.value }
        guard let current else { return .signInRequired }
        if current.accessToken != staleAccessToken {
            // Someone refreshed after this request was sent: just use the newer token.
            return .refreshed
        }
        let store = store
        let notify = onSignInRequired
        switch limiter.begin(server) {
        case .allowed:
            break
        case .signInInstead:
            await store.clearTokens()
            notify(SignInRequired(reason: "token refused again within a minute of a refresh"))
            return .signInRequired
        case .waitInstead:
            return .failed(ClientError.transport(.authRequired, message: "token refresh postponed: the last one failed moments ago"))
        }
        let limiter = limiter
        let server = server
        let task = Task<Outcome, Never> {
            guard let refreshToken = current.refreshToken else {
                await store.clearTokens()
                notify(SignInRequired(reason: "no refresh token"))
                return .signInRequired
            }
            let attempt = await perform(refreshToken)
            if case .success = attempt { limiter.finish(server, succeeded: true) }
            switch attempt {
            case .success(let tokens):
                await store.saveTokens(tokens)
                return .refreshed
            case .rejected(let error):
                await store.clearTokens()
                notify(SignInRequired(reason: error.message))
                return .signInRequired
            case .unavailable(let error):
                return .failed(error)
            }
        }
        inFlight = task
        let outcome = await task.value
        inFlight = nil
        return outcome
    }
}
