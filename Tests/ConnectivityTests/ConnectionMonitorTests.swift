import Foundation
import Testing
import PropertyBased
import SettingsStore
@testable import Connectivity

@Suite("Connection monitor (SPEC §6.4)")
@MainActor
struct ConnectionMonitorTests {
    private func connectedRig(health: [String: Bool] = [:]) async throws -> (ConnectivityTestHome, SwitchRig) {
        let home = try ConnectivityTestHome()
        let store = home.loadedStore()
        let rig = SwitchRig(store: store, servers: FakeServers(healthy: health), clock: .accelerated(by: 1000), home: home)
        rig.switcher.request(store.configuredServer, source: store.configuredSource, origin: .start)
        await rig.switcher.waitUntilIdle()
        return (home, rig)
    }

    @Test func noticesAServerGoingDownAndComingBack() async throws {
        let (_, rig) = try await connectedRig()
        #expect(rig.store.getState().connectionStatus == .connected)
        var statuses: [ConnectionStatus] = []
        let watch = rig.store.subscribe({ $0.connectionStatus }) { new, _ in statuses.append(new) }
        let probesBefore = rig.servers.probeLog.count
        rig.servers.set("pn51", healthy: false)
        #expect(await waitUntil { rig.store.getState().connectionStatus == .error })
        // The failure was confirmed by a second probe before the status turned.
        #expect(rig.servers.probeLog.count - probesBefore >= 2)
        #expect(rig.store.getState().detailedStatus?.isHealthy == false)
        #expect(rig.store.getState().lastError == nil) // the rig has no runtime; only the status speaks

        rig.servers.set("pn51", healthy: true)
        #expect(await waitUntil { rig.store.getState().connectionStatus == .connected })
        #expect(rig.store.getState().detailedStatus?.isHealthy == true)
        watch.cancel()
        #expect(statuses.contains(.error))
        #expect(statuses.last == .connected)
        rig.monitor.stop()
    }

    @Test func aLateResultOfThePreviousServerIsDropped() async throws {
        let (_, rig) = try await connectedRig(health: ["mac-mini": false])
        rig.switcher.uninstall()
        rig.servers.hold("pn51")
        rig.monitor.testNow()
        #expect(await waitUntil { rig.store.getState().connectionStatus == .testing })
        var violations = 0
        let watch = rig.store.subscribe { new, _ in
            if new.currentServer.id == "mac-mini" && new.connectionStatus == .connected { violations += 1 }
        }
        // The server changes while pn51's (healthy) probe is still out.
        rig.store.adoptServer(rig.server("mac-mini"), source: .nativeSettings)
        rig.servers.release("pn51")
        #expect(await waitUntil { rig.store.getState().connectionStatus == .error })
        try await Task.sleep(for: .milliseconds(20))
        watch.cancel()
        #expect(violations == 0)
        #expect(rig.store.getState().detailedStatus?.serverId == "mac-mini")
        rig.monitor.stop()
    }

    @Test func sparklineKeepsTheConfiguredLength() async throws {
        let (_, rig) = try await connectedRig()
        rig.store.updatePreferences { $0.sparklineLength = 3 }
        #expect(await waitUntil { rig.servers.probeLog.count >= 8 })
        #expect(rig.store.getState().responseTimes.count <= 3)
        #expect(!rig.store.getState().responseTimes.isEmpty)
        rig.monitor.stop()
    }

    @Test func testAllFillsEveryServersRow() async throws {
        let (_, rig) = try await connectedRig(health: ["mac-mini-tailscale": false])
        rig.monitor.testAll()
        await rig.monitor.waitForTestAll()
        let rows = rig.store.getState().serverStatuses
        #expect(rows["pn51"]?.status == .connected)
        #expect(rows["mac-mini"]?.status == .connected)
        #expect(rows["mac-mini-tailscale"]?.status == .error)
        #expect(rows["mac-mini-tailscale"]?.error?.code == .connect)
        rig.monitor.stop()
    }

    @Test func stopLeavesNothingRunning() async throws {
        let (_, rig) = try await connectedRig()
        rig.monitor.stop()
        let count = rig.servers.probeLog.count
        try await Task.sleep(for: .milliseconds(50))
        #expect(rig.servers.probeLog.count == count)
    }

    /// Random health flips and `r` presses: `connected` is only ever shown together with a
    /// successful health check of the current server.
    @Test func neverConnectedWithoutAHealthSuccessOfThatServer() async throws {
        enum Step: Equatable { case down, up, testNow, wait }
        let steps = Gen.int(in: 0...3).map { n -> Step in [Step.down, .up, .testNow, .wait][n] }
        await propertyCheck(count: 100, input: steps.array(of: 1...12)) { steps in
            do {
                let (_, rig) = try await connectedRig()
                var violations: [String] = []
                let watch = rig.store.subscribe { new, _ in
                    if new.connectionStatus == .connected,
                       new.detailedStatus?.serverId != new.currentServer.id || new.detailedStatus?.isHealthy != true {
                        violations.append("\(new.detailedStatus.map { "\($0.serverId) \($0.isHealthy)" } ?? "nil")")
                    }
                }
                for step in steps {
                    switch step {
                    case .down: rig.servers.set("pn51", healthy: false)
                    case .up: rig.servers.set("pn51", healthy: true)
                    case .testNow: rig.monitor.testNow()
                    case .wait: try? await Task.sleep(for: .milliseconds(3))
                    }
                    await Task.yield()
                }
                let healthy = rig.servers.isHealthy("pn51")
                rig.monitor.testNow()
                let settled = await waitUntil {
                    let status = rig.store.getState().connectionStatus
                    return healthy ? status == .connected : status == .error
                }
                watch.cancel()
                rig.monitor.stop()
                #expect(settled)
                #expect(violations.isEmpty, "\(violations)")
            } catch {
                Issue.record("setup failed: \(error)")
            }
        }
    }
}
