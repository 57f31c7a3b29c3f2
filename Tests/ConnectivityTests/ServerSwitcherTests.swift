import Foundation
import Testing
import PropertyBased
import BackendClient
import SettingsStore
@testable import Connectivity

@Suite("Switch pipeline and fallback (SPEC §6.5)")
@MainActor
struct ServerSwitcherTests {
    /// A store on pn51, started (the switch on start) with every server healthy unless told.
    private func startedRig(settings: [String: Any] = [:], health: [String: Bool] = [:],
                            clock: ConnectivityClock = .system) async throws -> (ConnectivityTestHome, SwitchRig) {
        let home = try ConnectivityTestHome()
        if !settings.isEmpty { try home.writeSettings(settings) }
        let store = home.loadedStore()
        let rig = SwitchRig(store: store, servers: FakeServers(healthy: health), clock: clock, home: home)
        rig.switcher.request(store.configuredServer, source: store.configuredSource, origin: .start)
        await rig.switcher.waitUntilIdle()
        return (home, rig)
    }

    @Test func startTestsTheConfiguredServer() async throws {
        let (_, rig) = try await startedRig()
        let state = rig.store.getState()
        #expect(state.currentServer.id == "pn51")
        #expect(state.connectionStatus == .connected)
        #expect(state.detailedStatus?.serverId == "pn51")
        #expect(state.serverHistory.first?.serverId == "pn51")
        #expect(state.serverHistory.first?.successful == true)
        #expect(rig.servers.probeLog.contains("pn51"))
        rig.monitor.stop()
    }

    @Test func successfulSwitchShowsEveryStepThenAdoptsTheServer() async throws {
        let (home, rig) = try await startedRig()
        var steps: [SwitchStep] = []
        var statuses: [ConnectionStatus] = []
        let stepWatch = rig.store.subscribe({ $0.serverSwitchState.progress }) { new, _ in
            if let new { steps.append(new) }
        }
        let statusWatch = rig.store.subscribe({ $0.connectionStatus }) { new, _ in statuses.append(new) }
        try rig.store.selectServer(id: "mac-mini")
        await rig.switcher.waitUntilIdle()
        stepWatch.cancel()
        statusWatch.cancel()

        let state = rig.store.getState()
        #expect(steps == SwitchStep.allCases)
        #expect(statuses.first == .switching && statuses.last == .connected)
        #expect(state.currentServer.id == "mac-mini")
        #expect(state.serverSource == .nativeSettings)
        #expect(state.serverSwitchState == .idle)
        let entry = try #require(state.serverHistory.first)
        #expect(entry.serverId == "mac-mini" && entry.successful && entry.durationMs >= 0)
        // pn51's data was saved when switching away.
        let saved = ServerDataStore(paths: home.paths).restore(rig.server("pn51"))
        #expect(saved.health?.serverId == "pn51")
        #expect(saved.config != nil)
        #expect(rig.switcher.snapshots["mac-mini"]?.config != nil)
        rig.monitor.stop()
    }

    @Test func failedSwitchKeepsThePreviousServerAndItsData() async throws {
        let (home, rig) = try await startedRig()
        let pn51 = rig.server("pn51")
        await CredentialFileStore(paths: home.paths, server: pn51).saveTokens(AuthTokens(accessToken: "a", refreshToken: "r"))
        let before = rig.store.getState()
        rig.servers.set("mac-mini", healthy: false)
        try rig.store.selectServer(id: "mac-mini")
        await rig.switcher.waitUntilIdle()

        let state = rig.store.getState()
        #expect(state.currentServer.id == "pn51")
        #expect(state.connectionStatus == .connected)
        #expect(state.detailedStatus == before.detailedStatus)
        #expect(state.lastError?.key == "switch.failed")
        #expect(state.lastError?.code == .connect)
        #expect(state.lastError?.parameters["previous"] == "pn51")
        let entry = try #require(state.serverHistory.first)
        #expect(entry.serverId == "mac-mini" && !entry.successful)
        #expect(state.serverHistory.contains { $0.serverId == "pn51" && $0.successful })
        #expect(await CredentialFileStore(paths: home.paths, server: pn51).loadTokens()?.accessToken == "a")
        // settings.json names Mac Mini now: it is watched, and a switch back is offered when it answers.
        #expect(state.fallback?.fromServerId == "mac-mini")
        rig.monitor.stop()
    }

    @Test func cancelledSwitchKeepsThePreviousServer() async throws {
        let (_, rig) = try await startedRig()
        let before = rig.store.getState()
        rig.servers.hold("mac-mini")
        try rig.store.selectServer(id: "mac-mini")
        #expect(await waitUntil { rig.store.getState().serverSwitchState.progress == .testingConnection })
        #expect(rig.store.getState().connectionStatus == .switching)
        rig.switcher.cancelSwitch()
        rig.servers.release("mac-mini")

        let state = rig.store.getState()
        #expect(state.currentServer.id == "pn51")
        #expect(state.connectionStatus == before.connectionStatus)
        #expect(state.serverSwitchState == .idle)
        #expect(state.lastError?.key == "switch.cancelled")
        #expect(!rig.switcher.isSwitching)
        // An abandoned test that still finishes in the background must change nothing.
        try await Task.sleep(for: .milliseconds(50))
        #expect(rig.store.getState().currentServer.id == "pn51")
        #expect(!rig.store.getState().serverHistory.contains { $0.serverId == "mac-mini" })
        rig.monitor.stop()
    }

    @Test func startFallsBackToPn51WhenTheConfiguredServerFails() async throws {
        let (_, rig) = try await startedRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api"],
                                            health: ["mac-mini": false])
        let state = rig.store.getState()
        #expect(state.currentServer.id == "pn51")
        #expect(state.serverSource == .fallback)
        #expect(state.connectionStatus == .connected)
        #expect(state.fallback?.fromServerId == "mac-mini")
        #expect(state.fallback?.reason.code == .connect)
        #expect(state.lastError?.key == "notice.fallback")
        #expect(state.lastError?.parameters["failed"] == "Mac Mini")
        #expect(state.lastError?.parameters["server"] == "pn51")
        #expect(state.serverHistory.first?.serverId == "pn51")
        #expect(state.serverHistory.contains { $0.serverId == "mac-mini" && !$0.successful })
        rig.monitor.stop()
    }

    @Test func withAutoSwitchOffTheFailedServerStaysInError() async throws {
        let (_, rig) = try await startedRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api",
                                                      "auto_switch_on_failure": false],
                                            health: ["mac-mini": false])
        let state = rig.store.getState()
        #expect(state.currentServer.id == "mac-mini")
        #expect(state.connectionStatus == .error)
        #expect(state.fallback == nil)
        #expect(state.lastError?.key == "error.connect.message")
        #expect(!rig.servers.probeLog.contains("pn51"))
        rig.monitor.stop()
    }

    @Test func whenPn51FailsTooTheConfiguredServerStaysShown() async throws {
        let (_, rig) = try await startedRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api"],
                                            health: ["mac-mini": false, "pn51": false])
        let state = rig.store.getState()
        #expect(state.currentServer.id == "mac-mini")
        #expect(state.connectionStatus == .error)
        #expect(state.fallback == nil)
        #expect(state.lastError?.key == "notice.all_unreachable")
        #expect(state.lastError?.parameters["fallback"] == "pn51")
        rig.monitor.stop()
    }

    @Test func choosingTheCurrentServerAbandonsASwitchInProgress() async throws {
        let (_, rig) = try await startedRig()
        rig.servers.hold("mac-mini")
        rig.switcher.request(rig.server("mac-mini"), source: .nativeSettings, origin: .settings)
        #expect(await waitUntil { rig.store.getState().serverSwitchState.progress == .testingConnection })
        rig.switcher.request(rig.server("pn51"), source: .nativeSettings, origin: .settings)
        #expect(!rig.switcher.isSwitching)
        #expect(rig.store.getState().currentServer.id == "pn51")
        #expect(rig.store.getState().serverSource == .nativeSettings)
        #expect(rig.store.getState().connectionStatus == .connected)
        rig.servers.release("mac-mini")
        rig.monitor.stop()
    }

    /// Random request sequences, with random chances for earlier switches to progress:
    /// only the last request decides, the history keeps its shape, and `connected` is only
    /// ever shown with a successful health check of the server shown.
    @Test func onlyTheLastRequestWins() async throws {
        let ids = ["pn51", "mac-mini", "mac-mini-tailscale"]
        let request = zip(Gen.int(in: 0...2), Gen.int(in: 0...4))
        await propertyCheck(count: 100, input: request.array(of: 1...6), Gen.bool.array(of: 3)) { requests, health in
            do {
                let (_, rig) = try await startedRig()
                for (index, id) in ids.enumerated() { rig.servers.set(id, healthy: health[index]) }
                var violations: [String] = []
                let watch = rig.store.subscribe { new, _ in
                    if new.connectionStatus == .connected {
                        if new.detailedStatus?.serverId != new.currentServer.id || new.detailedStatus?.isHealthy != true {
                            violations.append("connected without a health success of \(new.currentServer.id)")
                        }
                    }
                }
                var currentBeforeLast = rig.store.getState().currentServer.id
                for (target, yields) in requests {
                    currentBeforeLast = rig.store.getState().currentServer.id
                    rig.switcher.request(rig.server(ids[target]), source: .nativeSettings, origin: .settings)
                    for _ in 0..<yields { await Task.yield() }
                }
                await rig.switcher.waitUntilIdle()
                watch.cancel()

                let last = ids[requests[requests.count - 1].0]
                let lastHealthy = health[requests[requests.count - 1].0]
                let state = rig.store.getState()
                #expect(violations.isEmpty, "\(violations)")
                #expect(!rig.switcher.isSwitching)
                #expect(state.serverSwitchState == .idle)
                if lastHealthy || last == currentBeforeLast {
                    #expect(state.currentServer.id == last)
                } else {
                    #expect(state.currentServer.id == currentBeforeLast)
                    #expect(state.serverHistory.first?.serverId == last)
                    #expect(state.serverHistory.first?.successful == false)
                }
                #expect(state.serverHistory.count <= ServerHistoryEntry.limit)
                #expect(Set(state.serverHistory.map(\.serverId)).count == state.serverHistory.count)
                #expect(zip(state.serverHistory, state.serverHistory.dropFirst()).allSatisfy { $0.lastUsed >= $1.lastUsed })
                rig.monitor.stop()
                rig.switcher.uninstall()
            } catch {
                Issue.record("setup failed: \(error)")
            }
        }
    }
}
