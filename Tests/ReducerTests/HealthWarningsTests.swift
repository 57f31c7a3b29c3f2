import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// The one rule for "slow" (SPEC §6.1) that the screen and every command-line surface use:
/// `slow_response` exactly when a healthy server's `health` took longer than the threshold,
/// with the measured time and the threshold; given once, however often it is applied.
@Suite("Health warnings: slow_response")
struct HealthWarningsTests: RandomChoices {
    static let cases = shrinking { rng -> (healthMs: Double, thresholdMs: Int, healthy: Bool, expiring: Bool) in
        (Double(int(0...5000, &rng)) + (chance(0.5, &rng) ? 0.4 : 0), int(100...3000, &rng), !chance(0.2, &rng),
         chance(0.3, &rng))
    }

    @Test("over 200 random tests: slow iff healthy and health above the threshold; applying twice is applying once")
    func slowByTheRule() async {
        await propertyCheck(count: 200, input: Self.cases) { item in
            var status = ReducerWorld.status(ServerCatalog.defaultServer, health: item.healthy ? .up : .down, at: 0)
            status.checks[0].timings = CheckTimings(totalMs: item.healthMs)
            if item.expiring { status.warnings = [ConnectivityError(code: .certExpiring, message: "ends", parameters: ["days": "3"])] }
            let applied = HealthWarnings.applied(to: status, slowThresholdMs: Double(item.thresholdMs))
            let slow = applied.warnings.filter { $0.code == .slowResponse }
            #expect(slow.count == (item.healthy && item.healthMs > Double(item.thresholdMs) ? 1 : 0), "\(item): \(applied.warnings)")
            if let warning = slow.first {
                #expect(warning.parameters["ms"] == String(Int(item.healthMs.rounded())))
                #expect(warning.parameters["threshold"] == String(item.thresholdMs))
            }
            #expect(applied.warnings.contains { $0.code == .certExpiring } == item.expiring, "the checker's own warnings stay")
            #expect(HealthWarnings.applied(to: applied, slowThresholdMs: Double(item.thresholdMs)) == applied)
            #expect(HealthWarnings.of(applied, slowThresholdMs: Double(item.thresholdMs)) == applied.warnings,
                    "the screen's rule on a result the command line already warned gives the same warnings")
        }
    }
}
