import Foundation
import Testing
import BackendClient
import SettingsStore
import TestSupport
@testable import Connectivity

/// A refused token refresh asks for sign-in through the one effect runner: the API client
/// tells the session from inside the request that met the refusal (a task the runner runs), and
/// the request for sign-in goes to the runner's inbox. No task of the session's own listens, so
/// while no runner runs nothing is dispatched: the request waits in the inbox until a runner
/// takes it.
@Suite("Sign-in asked for through the effect runner (demo backend)", .serialized)
@MainActor
struct SignInThroughRunnerTests {
    @Test func aRefusedRefreshAsksForSignInThroughTheRunnersInboxOnly() async throws {
        let rig = try await DemoRig(settings: ["probe_interval": 300])
        defer { rig.stop() }
        let runtime = try #require(rig.runtime)
        let runner = runtime.runner
        #expect(await waitUntil { rig.state.connectionStatus == .connected && runner.isIdle })
        let server = rig.server("pn51")

        // The runner stops; a refresh refused now is not dispatched.
        runner.stop()
        try rig.demo.setMode("pn51", "reject_tokens")
        await CredentialFileStore(paths: rig.home.paths, server: server)
            .saveTokens(AuthTokens(accessToken: "stale", refreshToken: "refresh"))
        await runtime.verifyToken(of: server)
        #expect(try rig.demo.stats().requests("pn51", "/api/auth/refresh") == 1, "the refresh was not tried")
        #expect(rig.state.loginRequest == nil, "dispatched without the runner")

        // A runner takes the inbox: the request waiting there opens the dialog (the session ended).
        let next = EffectRunner(store: rig.store)
        next.attach()
        defer { next.stop() }
        #expect(await waitUntil(timeout: .seconds(60)) { rig.state.loginRequest?.serverId == "pn51" })
        #expect(rig.state.loginRequest?.reason == .sessionEnded)
    }
}
