import Foundation
@testable import BackendClient
import SettingsStore
import Testing
import TestSupport

/// A server that accepts each refreshed access token once (demo mode `rotate_tokens`) used to
/// drive the app to a refresh after every request. The client now refreshes a server at most
/// once a minute; the next refusal asks for sign-in. The demo backend's request counters
/// prove the bound.
@Suite struct TokenRotationTests {
    /// The app's probes, as fast as the test can send them. The limiter's clock stands still
    /// (a loaded machine may take long between two probes: the minute must not run out).
    static let probes = 50

    @Test func aServerThatRotatesTokensGetsOneRefreshAndTheUserIsAskedToSignIn() async throws {
        let backend = try await SharedDemoBackend.start()
        let store = InMemoryTokenStore()
        let settings = try SharedDemoBackend.settings(backend)
        let signInEvents = SharedLock(0)
        let made = APIClient(baseURL: "https://f-auth-rotate.demo.test/api",
                             settings: settings, retryPolicy: .none,
                             tokenStore: store, refreshLimiter: RefreshLimiter(clock: AppClock(monotonic: { 0 })),
                             onSignInRequired: { _ in signInEvents.withLock { $0 += 1 } })
        let client = try #require(made)
        let signedIn = try await client.login(username: "demo", password: "demo")
        // The session's access token has expired; the refresh token is good.
        await store.saveTokens(AuthTokens(accessToken: "demo-at-expired", refreshToken: signedIn.refreshToken))
        let before = try backend.stats().servers["f-auth-rotate"]
        let started = Date()
        let probes = Self.probes
        for _ in 0..<probes { _ = try? await client.get("/auth/me") }
        let elapsed = Date().timeIntervalSince(started)
        let after = try backend.stats().servers["f-auth-rotate"]
        let refreshes = (after?.requests["/api/auth/refresh"] ?? 0) - (before?.requests["/api/auth/refresh"] ?? 0)
        let requests = (after?.totalRequests ?? 0) - (before?.totalRequests ?? 0)
        print("token rotation: \(probes) probes in \(String(format: "%.1f", elapsed)) s, \(requests) requests, "
              + "\(refreshes) refresh(es)")
        #expect(refreshes == 1)
        #expect(requests == probes + 2 * refreshes, "one request per probe, plus the refresh and the request it repeats")
        // Told before the refused request returns, by the refresh it started.
        #expect(signInEvents.withLock { $0 } == 1, "the user is asked to sign in, once")
        #expect(await store.loadTokens() == nil, "the refused tokens are gone, so nothing refreshes them again")
    }

    @Test func aSecondRefreshOfOneServerWaitsAMinute() async {
        let clock = SharedLock(0.0)
        let limiter = RefreshLimiter(clock: AppClock(monotonic: { clock.withLock { $0 } }))
        let server = FakeAuthServer(validToken: "current", acceptRefresh: true)
        func client(_ store: InMemoryTokenStore) -> APIClient {
            APIClient(baseURL: "https://s.example/api", retryPolicy: .none, tokenStore: store,
                      transport: server.transport, refreshLimiter: limiter)!
        }
        // A new client per probe, as the app makes them: the limit still holds.
        let first = InMemoryTokenStore(AuthTokens(accessToken: "expired", refreshToken: "refresh"))
        #expect((try? await client(first).get("/auth/me").status) == 200)
        #expect(server.refreshCalls == 1)
        server.state.withLock { $0.validToken = "rotated-away" }
        clock.withLock { $0 = 59 }
        #expect((try? await client(first).get("/auth/me").status) == nil)
        #expect(server.refreshCalls == 1, "refused right after a refresh: sign in, not another refresh")
        #expect(await first.loadTokens() == nil)

        clock.withLock { $0 = 61 }
        let later = InMemoryTokenStore(AuthTokens(accessToken: "expired", refreshToken: "refresh"))
        #expect((try? await client(later).get("/auth/me").status) == 200)
        #expect(server.refreshCalls == 2, "a minute later a refresh is allowed again")
    }

    @Test func aRefreshThatCouldNotReachTheServerIsNotRetriedWithinTheMinute() async {
        let limiter = RefreshLimiter(clock: AppClock(monotonic: { 0 }))
        let transport = ScriptedTransport { request, _ in
            request.url.hasSuffix("/auth/refresh")
                ? .failure(.transport(.connect, message: "refused"))
                : ScriptedTransport.status(401)
        }
        let store = InMemoryTokenStore(AuthTokens(accessToken: "a", refreshToken: "r"))
        let client = APIClient(baseURL: "https://s.example/api", retryPolicy: .none, tokenStore: store,
                               transport: transport, refreshLimiter: limiter)!
        for _ in 0..<5 { _ = try? await client.get("/auth/me") }
        #expect(transport.recorded.filter { $0.url.hasSuffix("/auth/refresh") }.count == 1)
        #expect(transport.recorded.count == 6)
    }
}
