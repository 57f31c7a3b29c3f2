import Foundation
import PropertyBased
import SettingsStore
import Synchronization
import Testing
@testable import BackendClient

@Suite struct TokenRefreshTests {
    @Test func concurrent401sShareOneRefresh() async {
        await propertyCheck(count: 100, input: Gen.int(in: 1...24)) { concurrent in
            let server = FakeAuthServer(validToken: "current", acceptRefresh: true)
            let store = InMemoryTokenStore(AuthTokens(accessToken: "expired", refreshToken: "refresh"))
            let client = APIClient(baseURL: "https://s.example/api", tokenStore: store, transport: server.transport,
                                   refreshLimiter: RefreshLimiter())!
            let statuses = await withTaskGroup(of: Int?.self) { group in
                for _ in 0..<concurrent {
                    group.addTask { try? await client.get("/auth/me").status }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: concurrent))
            #expect(server.refreshCalls == 1)
            #expect(await store.loadTokens() == AuthTokens(accessToken: "fresh-1", refreshToken: "refresh"))
        }
    }

    @Test func refusedRefreshClearsTokensAndAsksForSignIn() async {
        let server = FakeAuthServer(validToken: "current", acceptRefresh: false)
        let store = InMemoryTokenStore(AuthTokens(accessToken: "expired", refreshToken: "refresh"))
        let asked = Mutex<[SignInRequired]>([])
        let client = APIClient(baseURL: "https://s.example/api", tokenStore: store, transport: server.transport,
                               refreshLimiter: RefreshLimiter(), onSignInRequired: { event in asked.withLock { $0.append(event) } })!
        let codes = await withTaskGroup(of: ConnectivityErrorCode?.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do throws(ClientError) {
                        _ = try await client.get("/auth/me")
                        return nil
                    } catch {
                        return error.code
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(codes == Array(repeating: .authRequired, count: 5))
        #expect(server.refreshCalls == 1)
        #expect(await store.loadTokens() == nil)
        // One refused refresh, told once (the five requests shared it).
        let events = asked.withLock { $0 }
        #expect(events.count == 1)
        #expect(events.first?.reason.contains("401") == true)
    }

    @Test func unreachableRefreshKeepsTokens() async {
        let transport = ScriptedTransport { request, _ in
            request.url.hasSuffix("/auth/refresh")
                ? .failure(.transport(.connect, message: "refused"))
                : ScriptedTransport.status(401)
        }
        let tokens = AuthTokens(accessToken: "a", refreshToken: "r")
        let store = InMemoryTokenStore(tokens)
        let client = APIClient(baseURL: "https://s.example/api", tokenStore: store, transport: transport,
                               refreshLimiter: RefreshLimiter())!
        await #expect(throws: ClientError.transport(.connect, message: "refused")) {
            _ = try await client.get("/auth/me")
        }
        #expect(await store.loadTokens() == tokens)
    }

    @Test func withoutATokenA401IsNotRefreshed() async {
        let transport = ScriptedTransport { _, _ in ScriptedTransport.status(401) }
        let client = APIClient(baseURL: "https://s.example/api", tokenStore: InMemoryTokenStore(), transport: transport)!
        do throws(ClientError) {
            _ = try await client.get("/auth/me")
            Issue.record("401 succeeded")
        } catch {
            #expect(error.code == .authRequired)
            #expect(error.kind == .authentication)
        }
        #expect(transport.recorded.map(\.url) == ["https://s.example/api/auth/me"])
    }
}
