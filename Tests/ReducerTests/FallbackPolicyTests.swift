import Testing
import PropertyBased
@testable import SettingsStore

@Suite("Fallback policy")
struct FallbackPolicyTests {
    static let pn51 = ServerCatalog.prefilled[0]
    static let macMini = ServerCatalog.prefilled[1]

    @Test func healthyConfiguredServerIsUsed() {
        let decision = FallbackPolicy.decide(configured: Self.macMini,
                                           configuredResult: ReducerWorld.status(Self.macMini, health: .up, at: 0),
                                           fallbackResult: nil, autoSwitchOnFailure: true)
        #expect(decision == .configured)
    }

    @Test func failingConfiguredServerFallsBackToHealthyPn51() {
        let decision = FallbackPolicy.decide(configured: Self.macMini,
                                           configuredResult: ReducerWorld.status(Self.macMini, health: .down, at: 0),
                                           fallbackResult: ReducerWorld.status(Self.pn51, health: .up, at: 0),
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
                                           configuredResult: ReducerWorld.status(Self.macMini, health: .down, at: 0),
                                           fallbackResult: ReducerWorld.status(Self.pn51, health: .down, at: 0),
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
            let configuredResult = ReducerWorld.status(configured, health: healthy ? .up : .down, at: 0)
            let tries = FallbackPolicy.shouldTryFallback(failed: configured, autoSwitchOnFailure: auto)
            let fallbackResult = !healthy && tries ? ReducerWorld.status(Self.pn51, health: pn51Healthy ? .up : .down, at: 0) : nil
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
            case .switchBackOffered, .fallbackEnded:
                Issue.record("a decision of a fallback in effect outside one: \(decision)")
            }
        }
    }
}
