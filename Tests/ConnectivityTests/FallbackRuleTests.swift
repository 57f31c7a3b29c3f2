import Testing
import PropertyBased
import SettingsStore
@testable import Connectivity

@Suite("Fallback rule (SPEC §6.5)")
struct FallbackPolicyTests {
    static let pn51 = ServerCatalog.prefilled[0]
    static let macMini = ServerCatalog.prefilled[1]

    @Test func healthyConfiguredServerIsUsed() {
        let decision = FallbackPolicy.decide(configured: Self.macMini,
                                           configuredResult: FakeServers.status(for: Self.macMini, healthy: true),
                                           fallbackResult: nil, autoSwitchOnFailure: true)
        #expect(decision == .configured)
    }

    @Test func failingConfiguredServerFallsBackToHealthyPn51() {
        let decision = FallbackPolicy.decide(configured: Self.macMini,
                                           configuredResult: FakeServers.status(for: Self.macMini, healthy: false),
                                           fallbackResult: FakeServers.status(for: Self.pn51, healthy: true),
                                           autoSwitchOnFailure: true)
        guard case .fallback(let info) = decision else {
            Issue.record("expected a fallback, got \(decision)")
            return
        }
        #expect(info.fromServerId == "mac-mini")
        #expect(info.reason.code == .connect)
        #expect(!info.configuredRecovered)
    }

    @Test func bothFailingIsAllUnreachable() {
        let decision = FallbackPolicy.decide(configured: Self.macMini,
                                           configuredResult: FakeServers.status(for: Self.macMini, healthy: false),
                                           fallbackResult: FakeServers.status(for: Self.pn51, healthy: false),
                                           autoSwitchOnFailure: true)
        #expect(decision == .allUnreachable(ConnectivityError(code: .connect, message: "refused")))
    }

    @Test func autoSwitchOffOrPn51ItselfNeverFallsBack() {
        #expect(!FallbackPolicy.shouldTryFallback(failed: Self.macMini, autoSwitchOnFailure: false))
        #expect(!FallbackPolicy.shouldTryFallback(failed: Self.pn51, autoSwitchOnFailure: true))
        #expect(FallbackPolicy.shouldTryFallback(failed: Self.macMini, autoSwitchOnFailure: true))
    }

    @Test func decisionsFollowTheRuleForEveryCombination() async {
        let servers = Gen.element(of: ServerCatalog.prefilled).map { $0 ?? Self.pn51 }
        await propertyCheck(count: 200, input: servers, Gen.bool, Gen.bool, Gen.bool) { configured, healthy, pn51Healthy, auto in
            let configuredResult = FakeServers.status(for: configured, healthy: healthy)
            let tries = FallbackPolicy.shouldTryFallback(failed: configured, autoSwitchOnFailure: auto)
            let fallbackResult = !healthy && tries ? FakeServers.status(for: Self.pn51, healthy: pn51Healthy) : nil
            let decision = FallbackPolicy.decide(configured: configured, configuredResult: configuredResult,
                                               fallbackResult: fallbackResult, autoSwitchOnFailure: auto)
            switch decision {
            case .configured:
                #expect(healthy)
            case .fallback(let info):
                // Only with the setting on, only away from another server, only to a healthy pn51.
                #expect(!healthy && auto && configured.id != "pn51" && pn51Healthy)
                #expect(info.fromServerId == configured.id)
            case .configuredFailed:
                #expect(!healthy && !tries)
            case .allUnreachable:
                #expect(!healthy && tries && !pn51Healthy)
            }
        }
    }
}
