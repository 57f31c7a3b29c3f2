import Foundation
import Testing
import BackendClient
import SettingsStore
import TestSupport
@testable import Connectivity

/// The runtime against the demo backend over real TLS (loopback only, every host routed with
/// connect-to). Waits are generous; nothing asserts how fast anything happens. The tests of
/// the probe and recovery schedules run on virtual time (`DemoRig(virtualTime:)`): the probes
/// are real transfers, the time between them is moved by the test.
@Suite("Connectivity runtime end to end (demo backend)", .serialized)
@MainActor
struct RuntimeEndToEndTests {
    @Test func fallsBackFromAFailingMacMiniAndOffersTheSwitchBack() async throws {
        let rig = try await DemoRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api"],
                                    initialModes: ["mac-mini": "status502"], virtualTime: true)
        defer { rig.stop() }
        let virtual = try #require(rig.virtual)
        #expect(await rig.advance { rig.state.serverSource == .fallback && rig.state.connectionStatus == .connected })
        #expect(rig.state.currentServer.id == "pn51")
        #expect(rig.state.fallback?.fromServerId == "mac-mini")
        #expect(rig.state.fallback?.reason.code == .httpStatus)
        #expect(rig.state.notices.map(\.message.key) == ["notice.fallback"])
        #expect(rig.state.lastError?.parameters["status"] == "502")
        #expect(rig.state.detailedStatus?.serverId == "pn51")

        // Mac Mini comes back: it is offered, not forced, by a recovery probe (a timer): not
        // before time moves.
        try rig.demo.setMode("mac-mini", "up")
        await rig.runtime?.waitUntilIdle()
        #expect(rig.state.fallback?.configuredRecovered != true, "offered before any recovery probe ran")
        let cameBack = virtual.elapsedSeconds
        #expect(await rig.advance { rig.state.fallback?.configuredRecovered == true })
        #expect(virtual.elapsedSeconds > cameBack, "offered by a recovery probe, after its timer")
        #expect(rig.state.notices.map(\.message.key) == ["notice.switch_back_offer"])
        #expect(rig.state.notices.first?.kind == .goodNews)
        #expect(rig.state.currentServer.id == "pn51")

        rig.store.switchBack()
        #expect(await rig.advance { rig.state.currentServer.id == "mac-mini" && rig.state.connectionStatus == .connected })
        #expect(rig.state.fallback == nil)
        #expect(rig.state.serverSource == .nativeSettings)
        #expect(rig.state.serverHistory.first?.serverId == "mac-mini")
    }

    @Test func withAutoSwitchOffTheConfiguredServerStaysInError() async throws {
        let rig = try await DemoRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api",
                                               "auto_switch_on_failure": false],
                                    initialModes: ["mac-mini": "down"])
        defer { rig.stop() }
        #expect(await waitUntil { rig.state.connectionStatus == .error })
        #expect(rig.state.currentServer.id == "mac-mini")
        #expect(rig.state.fallback == nil)
        #expect(rig.state.lastError?.key == "error.connect.message")
        #expect(try rig.demo.stats().servers["pn51"]?.totalRequests == 0)
    }

    @Test func noticesAServerGoingDownAndComingBack() async throws {
        let rig = try await DemoRig(virtualTime: true)
        defer { rig.stop() }
        let virtual = try #require(rig.virtual)
        #expect(await rig.advance { rig.state.connectionStatus == .connected })
        try rig.demo.setMode("pn51", "down")
        // Nothing is noticed until the next probe's timer (probe_interval 2 s) fires.
        await rig.runtime?.waitUntilIdle()
        #expect(rig.state.connectionStatus == .connected, "noticed before the probe timer fired")
        let wentDown = virtual.elapsedSeconds
        #expect(await rig.advance { rig.state.connectionStatus == .error })
        #expect(virtual.elapsedSeconds - wentDown >= 2, "noticed after \(virtual.elapsedSeconds - wentDown) s")
        #expect(rig.state.detailedStatus?.checks.first?.error?.code == .connect)
        #expect(rig.state.currentServer.id == "pn51") // pn51 is the fallback itself: nowhere to go
        try rig.demo.setMode("pn51", "up")
        #expect(await rig.advance { rig.state.connectionStatus == .connected })
        #expect(rig.state.detailedStatus?.isHealthy == true)
        #expect(!rig.state.responseTimes.isEmpty)
    }

    @Test func aRunningServerThatFailsFallsBackToPn51() async throws {
        let rig = try await DemoRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api"], virtualTime: true)
        defer { rig.stop() }
        let virtual = try #require(rig.virtual)
        #expect(await rig.advance { rig.state.currentServer.id == "mac-mini" && rig.state.connectionStatus == .connected })
        try rig.demo.setMode("mac-mini", "down")
        await rig.runtime?.waitUntilIdle()
        #expect(rig.state.currentServer.id == "mac-mini", "left before a probe found it down")
        let wentDown = virtual.elapsedSeconds
        #expect(await rig.advance { rig.state.serverSource == .fallback && rig.state.connectionStatus == .connected })
        #expect(virtual.elapsedSeconds - wentDown >= 2, "fell back \(virtual.elapsedSeconds - wentDown) s after, before the probe timer")
        #expect(rig.state.currentServer.id == "pn51")
        #expect(rig.state.fallback?.reason.code == .connect)
    }

    @Test func serverDataIsSavedWhenSwitchingAwayAndRestoredWhenSwitchingBack() async throws {
        let rig = try await DemoRig()
        defer { rig.stop() }
        let runtime = try #require(rig.runtime)
        #expect(await waitUntil { rig.state.connectionStatus == .connected })
        try rig.store.selectServer(id: "mac-mini")
        await runtime.waitUntilIdle()
        #expect(rig.state.currentServer.id == "mac-mini")
        let cache = ServerDataStore(paths: rig.home.paths)
        let savedPn51 = cache.restore(rig.server("pn51"))
        #expect(savedPn51.health?.serverId == "pn51")
        let config = try #require(savedPn51.config)
        let object = try JSONSerialization.jsonObject(with: config) as? [String: Any]
        #expect(object?["hostname"] != nil)
        let languageBefore = rig.state.currentLanguage
        let preferencesBefore = rig.state.preferences

        try rig.store.selectServer(id: "pn51")
        await runtime.waitUntilIdle()
        #expect(rig.state.currentServer.id == "pn51")
        #expect(cache.restore(rig.server("mac-mini")).health?.serverId == "mac-mini")
        #expect(rig.state.currentLanguage == languageBefore)
        #expect(rig.state.preferences == preferencesBefore)
    }

    @Test func signInRefreshAndReLogin() async throws {
        let rig = try await DemoRig()
        defer { rig.stop() }
        _ = try #require(rig.runtime)
        #expect(await waitUntil { rig.state.connectionStatus == .connected })
        let credentials = CredentialFileStore(paths: rig.home.paths, server: rig.server("pn51"))

        rig.store.requestSignIn()
        rig.store.signIn(username: "demo", password: SecretText("wrong"))
        #expect(await waitUntil { rig.state.loginRequest?.failure != nil })
        #expect(rig.state.loginRequest?.failure?.key == "dialog.login.bad_credentials")
        rig.store.signIn(username: "demo", password: SecretText("demo"))
        #expect(await waitUntil { rig.state.loginRequest == nil })
        #expect(rig.state.timeline.contains { $0.kind == .signedIn && $0.serverId == "pn51" })
        let first = try #require(credentials.read())
        let mode = try FileManager.default.attributesOfItem(atPath: credentials.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let file = try String(contentsOfFile: credentials.path, encoding: .utf8)
        #expect(!file.contains("demo\"") && !file.lowercased().contains("password"))
        #expect(await waitUntil {
            rig.state.detailedStatus?.checks.contains { $0.endpoint == .auth && $0.httpStatus == 200 } == true
        })

        // The server expires the token: one refresh, a new token, no dialog.
        try rig.demo.setMode("pn51", "expire_tokens")
        #expect(await waitUntil { credentials.read().map { $0.accessToken != first.accessToken } ?? false })
        #expect(rig.state.loginRequest == nil)

        // The server refuses every token: the refresh fails and the dialog opens.
        try rig.demo.setMode("pn51", "reject_tokens")
        #expect(await waitUntil { rig.state.loginRequest?.serverId == "pn51" })

        rig.store.dismissSignIn()
        rig.store.signOut()
        #expect(await waitUntil { credentials.read() == nil })
    }

    @Test func aServerThatAcceptsEachRefreshedTokenOnceGetsOneRefreshThenTheDialog() async throws {
        let rig = try await DemoRig(virtualTime: true)
        defer { rig.stop() }
        let virtual = try #require(rig.virtual)
        let runtime = try #require(rig.runtime)
        #expect(await rig.advance { rig.state.connectionStatus == .connected })
        let credentials = CredentialFileStore(paths: rig.home.paths, server: rig.server("pn51"))
        rig.store.requestSignIn()
        rig.store.signIn(username: "demo", password: SecretText("demo"))
        #expect(await rig.advance { rig.state.loginRequest == nil && credentials.read() != nil })
        let signedIn = try #require(credentials.read())
        // The access token ran out; the server now accepts each refreshed token once.
        try rig.demo.setMode("pn51", "rotate_tokens")
        await credentials.saveTokens(AuthTokens(accessToken: "demo-at-expired", refreshToken: signedIn.refreshToken))
        let before = try rig.demo.stats().servers["pn51"]?.requests["/api/auth/refresh"] ?? 0
        rig.store.refreshConnectionStatus()
        #expect(await rig.advance { rig.state.loginRequest?.serverId == "pn51" }, "the dialog appears")
        // Probing goes on for 10 s (a probe every 2 s, and one asked for each second): no
        // further refresh.
        let probesBefore = try rig.demo.stats().servers["pn51"]?.requests["/health"] ?? 0
        for _ in 0..<10 {
            rig.store.refreshConnectionStatus()
            await runtime.waitUntilIdle()
            await virtual.advance(by: 1)
        }
        await runtime.waitUntilIdle()
        let probes = (try rig.demo.stats().servers["pn51"]?.requests["/health"] ?? 0) - probesBefore
        #expect(probes >= 10, "probing went on: \(probes) probes")
        let after = try rig.demo.stats().servers["pn51"]?.requests["/api/auth/refresh"] ?? 0
        #expect(after - before == 1, "\(after - before) refreshes")
    }

    @Test func switchingToAServerThatRefusesTheStoredTokenAsksForLogin() async throws {
        let rig = try await DemoRig()
        defer { rig.stop() }
        let runtime = try #require(rig.runtime)
        #expect(await waitUntil { rig.state.connectionStatus == .connected })
        await CredentialFileStore(paths: rig.home.paths, server: rig.server("mac-mini"))
            .saveTokens(AuthTokens(accessToken: "stale", refreshToken: nil))
        try rig.store.selectServer(id: "mac-mini")
        await runtime.waitUntilIdle()
        #expect(rig.state.currentServer.id == "mac-mini")
        #expect(rig.state.loginRequest?.serverId == "mac-mini")
        rig.store.signIn(username: "demo", password: SecretText("demo"))
        #expect(await waitUntil { rig.state.loginRequest == nil })
    }

    @Test func aHandEditOfSettingsJsonSwitches() async throws {
        let rig = try await DemoRig(watchSettingsFile: true)
        defer { rig.stop() }
        #expect(await waitUntil { rig.state.connectionStatus == .connected })
        let edited = #"{"backend_server_address": "https://verbumcaremac-mini/api", "probe_interval": 2}"#
        try TestFile.write(Data(edited.utf8), to: rig.home.paths.settingsFile)
        #expect(await waitUntil { rig.state.currentServer.id == "mac-mini" && rig.state.connectionStatus == .connected })
        #expect(rig.state.serverSource == .nativeSettings)
        #expect(rig.state.serverHistory.first?.serverId == "mac-mini")
    }

    @Test func openingThePaneTestsEveryServer() async throws {
        let rig = try await DemoRig(initialModes: ["mac-mini-tailscale": "down"])
        defer { rig.stop() }
        #expect(await waitUntil { rig.state.connectionStatus == .connected })
        rig.store.openNativeSettings()
        #expect(await waitUntil { rig.state.serverStatuses.count == 3
            && !rig.state.serverStatuses.values.contains { $0.status == .testing } })
        #expect(rig.state.serverStatuses["pn51"]?.status == .connected)
        #expect(rig.state.serverStatuses["mac-mini"]?.status == .connected)
        #expect(rig.state.serverStatuses["mac-mini-tailscale"]?.status == .error)
    }
}

/// Credentials in the app (docs/FILES-AND-SECRETS.md: Secrets): what a probe's read of the
/// credentials file finds becomes a typed notice.
@Suite("Credentials privacy in the app (demo backend)", .serialized)
@MainActor
struct CredentialNoticeTests {
    @Test func aSharedFileIsMadePrivateWithAWarningAndABrokenTokenIsRefusedWithAnError() async throws {
        let rig = try await DemoRig()
        defer { rig.stop() }
        #expect(await waitUntil { rig.state.connectionStatus == .connected })
        rig.store.requestSignIn()
        rig.store.signIn(username: "demo", password: SecretText("demo"))
        #expect(await waitUntil { rig.state.loginRequest == nil })
        let path = rig.home.paths.credentialsFile(serverId: "pn51")
        #expect(chmod(path, 0o644) == 0)

        rig.store.refreshConnectionStatus()
        #expect(await waitUntil { rig.state.notices.contains { $0.message.key == "files.credentials_fixed" } })
        let fixed = try #require(rig.state.notices.first { $0.message.key == "files.credentials_fixed" })
        #expect(fixed.kind == .warning)
        #expect(fixed.message.parameters == ["path": path, "mode": "0644", "fixed": "0600"])
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "stat after the probe")

        // A token with a line break: refused with an error notice naming it, never sent.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var broken = object
        broken["accessToken"] = "abc\nX-Injected: 1"
        try TestFile.write(try JSONSerialization.data(withJSONObject: broken), to: path)
        rig.store.refreshConnectionStatus()
        #expect(await waitUntil { rig.state.notices.contains { $0.message.key == "files.credentials_token_invalid" } })
        let refused = try #require(rig.state.notices.first { $0.message.key == "files.credentials_token_invalid" })
        #expect(refused.kind == .error)
        #expect(refused.message.parameters["character"] == "U+000A" && refused.message.parameters["field"] == "accessToken")
        // Counted from a test that starts after the refusal was told and its probe ended.
        let posted = refused.postedAt
        #expect(await waitUntil { (rig.state.detailedStatus?.lastChecked ?? 0) > posted })
        try rig.demo.resetStats()
        let before = rig.state.detailedStatus?.lastChecked ?? 0
        rig.store.refreshConnectionStatus()
        #expect(await waitUntil { (rig.state.detailedStatus?.lastChecked ?? 0) > before })
        let pn51 = try rig.demo.stats().servers["pn51"]
        #expect((pn51?.totalRequests ?? 0) > 0)
        #expect(pn51?.headerNames["x-injected"] == nil && pn51?.headerNames["authorization"] == nil, "\(pn51?.headerNames ?? [:])")
    }
}
