@testable import SettingsStore

/// What "no alert is lost" means for a story (SPEC §15.3), computed from what the world did:
/// every decided alert reaches every target exactly once with a final outcome (the hook that
/// exits at once: delivered; the hook that hangs: failed at its time limit; the webhook:
/// delivered, after as many retries as its outage took), even across restarts between the
/// decision and the delivery; its first attempt starts when it is decided (nothing waits for
/// another hook or another alert); an attempt a restart cut short is made again when the next
/// process starts; a target never has two attempts of one alert at once.
struct DeliveryOracle {
    let world: WatchWorld

    func violations() -> [String] {
        var found: [String] = []
        let starts = Set(world.lifetimes.map(\.start))
        for (key, rows) in world.outbox.sorted(by: { $0.key < $1.key }) {
            for target in WatchWorld.targets {
                let name = "\(key) → \(target.storageKey)"
                guard rows.keys.contains(target) else {
                    found.append("\(name): not stored for this target")
                    continue
                }
                let attempts = world.attempts.filter { $0.key == key && $0.target == target }
                let finals = attempts.filter { $0.status != .retry }
                let expected: AlertOutcome.Status = target == .hook(path: "20-hang") ? .failed : .delivered
                if finals.count != 1 || finals.first?.status != expected {
                    found.append("\(name): final outcomes \(finals.map(\.status.rawValue)), expected one \(expected.rawValue)")
                }
                if rows[target] != .some(.some(expected)) {
                    found.append("\(name): the outbox says \(String(describing: rows[target])), expected \(expected.rawValue)")
                }
                if let decided = world.decidedAt[key], let first = attempts.first, first.start != decided,
                   !starts.contains(first.start) {
                    found.append("\(name): first attempt at \(first.start - WatchWorld.start), decided at \(decided - WatchWorld.start)")
                }
                for (a, b) in zip(attempts, attempts.dropFirst()) where b.start < a.end && a.process == b.process {
                    found.append("\(name): two attempts at once (\(a.start - WatchWorld.start), \(b.start - WatchWorld.start))")
                }
            }
        }
        return found
    }
}
