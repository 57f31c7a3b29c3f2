import Foundation
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient

/// A scripted server with the auth rules of SPEC §5: one valid access token at a time,
/// `/auth/refresh` issues a new one for the right refresh token.
final class FakeAuthServer: Sendable {
    struct State {
        var validToken: String
        var refreshCalls = 0
        var acceptRefresh: Bool
    }
    let state: LockedState<State>

    let transport: ScriptedTransport

    init(validToken: String, acceptRefresh: Bool) {
        let state = LockedState(State(validToken: validToken, acceptRefresh: acceptRefresh))
        self.state = state
        transport = Self.transport(state)
    }

    var refreshCalls: Int { state.withLock { $0.refreshCalls } }

    private static func transport(_ state: LockedState<State>) -> ScriptedTransport {
        ScriptedTransport { request, _ in
        if request.url.hasSuffix("/auth/refresh") {
            let (accepted, token) = state.withLock { state -> (Bool, String) in
                state.refreshCalls += 1
                if state.acceptRefresh { state.validToken = "fresh-\(state.refreshCalls)" }
                return (state.acceptRefresh, state.validToken)
            }
            // Long enough for the other requests' 401s to arrive while it runs.
            try? await Task.sleep(nanoseconds: 5_000_000)
            return accepted
                ? ScriptedTransport.status(200, body: #"{"success":true,"data":{"accessToken":"\#(token)","expiresIn":3600}}"#)
                : ScriptedTransport.status(401, body: #"{"error":"invalid refresh token"}"#)
        }
        let valid = state.withLock { $0.validToken }
        return request.headers.value(for: "Authorization") == "Bearer \(valid)"
            ? ScriptedTransport.status(200, body: #"{"success":true}"#)
            : ScriptedTransport.status(401, body: #"{"error":"token expired"}"#)
        }
    }
}

@Suite struct TokenRefreshTests {
    @Test func concurrent401sShareOneRefresh() async {
        await propertyCheck(count: 100, input: Gen.int(in: 1...24)) { concurrent in
            let server = FakeAuthServer(validToken: "current", acceptRefresh: true)
            let store = InMemoryTokenStore(AuthTokens(accessToken: "expired", refreshToken: "refresh"))
            let client = APIClient(baseURL: "https://s.example/api", tokenStore: store, transport: server.transport)!
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
        let client = APIClient(baseURL: "https://s.example/api", tokenStore: store, transport: server.transport)!
        var events = client.signInRequired.makeAsyncIterator()
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
        let event = await events.next()
        #expect(event?.reason.contains("401") == true)
    }

    @Test func unreachableRefreshKeepsTokens() async {
        let transport = ScriptedTransport { request, _ in
            request.url.hasSuffix("/auth/refresh")
                ? .failure(.transport(.connect, message: "refused"))
                : ScriptedTransport.status(401)
        }
        let tokens = AuthTokens(accessToken: "a", refreshToken: "r")
        let store = InMemoryTokenStore(tokens)
        let client = APIClient(baseURL: "https://s.example/api", tokenStore: store, transport: transport)!
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
