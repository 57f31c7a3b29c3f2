import Foundation
@testable import BackendClient

/// A scripted server with the auth rules of docs/PRODUCT.md: The backend's API contract: one valid access token at a time,
/// `/auth/refresh` issues a new one for the right refresh token.
final class FakeAuthServer: Sendable {
    struct State {
        var validToken: String
        var refreshCalls = 0
        var acceptRefresh: Bool
    }
    let state: SharedLock<State>

    let transport: ScriptedTransport

    init(validToken: String, acceptRefresh: Bool) {
        let state = SharedLock(State(validToken: validToken, acceptRefresh: acceptRefresh))
        self.state = state
        transport = Self.transport(state)
    }

    var refreshCalls: Int { state.withLock { $0.refreshCalls } }

    private static func transport(_ state: SharedLock<State>) -> ScriptedTransport {
        ScriptedTransport { request, _ in
            if request.url.hasSuffix("/auth/refresh") {
                let (accepted, token) = state.withLock { state -> (Bool, String) in
                    state.refreshCalls += 1
                    if state.acceptRefresh { state.validToken = "fresh-\(state.refreshCalls)" }
                    return (state.acceptRefresh, state.validToken)
                }
                // Long enough for the other requests' 401s to arrive while it runs.
                try? await Task.sleep(nanoseconds: 5_000_000)  // the server double's own pace, not a wait
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
